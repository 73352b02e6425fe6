/**
 * The built-in text of every email, in every interface language. An administrator may replace any
 * of them per language (table email_templates); what is not replaced is written from here.
 */
import type { Language } from "../shared/i18n-languages.ts";
import type { EmailTemplateKey } from "../shared/schemas/notification-settings.ts";

export type TemplateText = { subject: string; body: string };

type Catalog = Record<Language, Record<Exclude<EmailTemplateKey, "deadline_reminder_sealed">, TemplateText>>;

const CATALOG: Catalog = {
  en: {
    pr_created: {
      subject: "New opportunity: {{title}} ({{requestNumber}})",
      body: 'A new purchase request "{{title}}" ({{requestNumber}}) is open for quotations until {{deadline}}.\n\n' +
        "{{link}}\n",
    },
    deadline_reminder: {
      subject: "Reminder: quotations for {{title}} ({{requestNumber}}) close soon",
      body: 'Reminder: quotations for "{{title}}" ({{requestNumber}}) close on {{deadline}}.\n',
    },
    vendor_approved: {
      subject: "Your vendor application was approved",
      body: "Dear {{contactPerson}}, your vendor application for {{companyName}} has been approved.\n\n" +
        "Set your password to sign in (the link works once, for {{hours}} hours):\n{{link}}\n",
    },
    vendor_rejected: {
      subject: "Your vendor application was not approved",
      body: "Dear {{contactPerson}}, your vendor application for {{companyName}} has been rejected.\n\n" +
        "Reason: {{reason}}\n",
    },
    quotation_awarded: {
      subject: "Your quotation for {{requestNumber}} was approved: purchase order {{poNumber}}",
      body: 'Dear {{contactPerson}},\n\nYour quotation for "{{title}}" ({{requestNumber}}) has been approved.\n' +
        "Purchase order {{poNumber}} for {{amount}} has been issued to {{vendorName}}.\n" +
        "\nAcknowledge it (with a promised delivery date) or decline it in the app:\n{{link}}\n",
    },
    quotation_not_selected: {
      subject: "Outcome of {{requestNumber}}: your quotation was not selected",
      body: 'Dear {{contactPerson}},\n\nThank you for your quotation for "{{title}}" ({{requestNumber}}). ' +
        "After evaluation another offer was selected, so your quotation was not selected this time.\n",
    },
    bid_amended: {
      subject: "Amendment to {{requestNumber}}: {{title}}",
      body: 'Dear {{contactPerson}},\n\nThe bid request "{{title}}" ({{requestNumber}}) has been amended. ' +
        "Bidding now closes on {{deadline}}.\n\nClarification: {{clarification}}\n",
    },
    bid_closed_early: {
      subject: "Bidding closed early: {{requestNumber}} {{title}}",
      body: 'Dear {{contactPerson}},\n\nBidding for "{{title}}" ({{requestNumber}}) was closed early, before its ' +
        "deadline of {{deadline}}.\nReason: {{reason}}\n",
    },
    purchase_order_acknowledged: {
      subject: "{{vendorName}} acknowledged purchase order {{poNumber}}",
      body:
        'Purchase order {{poNumber}} for "{{title}}" ({{requestNumber}}) was acknowledged by {{vendorName}}.\nPromised delivery: {{promisedDeliveryDate}}\n\n{{link}}\n',
    },
    purchase_order_declined: {
      subject: "{{vendorName}} declined purchase order {{poNumber}}",
      body:
        'Purchase order {{poNumber}} for "{{title}}" ({{requestNumber}}) was declined by {{vendorName}}.\nReason: {{reason}}\n\n{{link}}\n',
    },
    purchase_order_received: {
      subject: "All goods received: purchase order {{poNumber}}",
      body:
        'All goods of purchase order {{poNumber}} from {{vendorName}} for "{{title}}" ({{requestNumber}}) have been received.\n\n{{link}}\n',
    },
    sign_in_failures: {
      subject: "Failed sign-ins to your account",
      body:
        "Dear {{name}},\n\nThere were {{count}} failed attempts to sign in to your account in the last {{minutes}} minutes, the last one at {{lastAttempt}} from {{address}}.\n\nIf that was you, there is nothing to do. If not, someone may be guessing your password: further attempts are slowed down, and from a browser where you signed in before you are not affected. Choose a strong password and turn on two-step verification in your profile.\n",
    },
    quotation_extension_requested: {
      subject: "Please extend your quotation for {{requestNumber}}",
      body:
        'Dear {{contactPerson}},\n\nYour quotation for "{{title}}" ({{requestNumber}}) is valid until {{validUntil}}. It is still being considered, and a quotation past its validity cannot be awarded.\n\nIf you can hold your prices, extend its validity in the app:\n{{link}}\n',
    },
  },
  es: {
    pr_created: {
      subject: "Nueva oportunidad: {{title}} ({{requestNumber}})",
      body: 'Una nueva solicitud de compra "{{title}}" ({{requestNumber}}) está abierta a cotizaciones hasta el ' +
        "{{deadline}}.\n\n{{link}}\n",
    },
    deadline_reminder: {
      subject: "Recordatorio: las cotizaciones para {{title}} ({{requestNumber}}) cierran pronto",
      body: 'Recordatorio: las cotizaciones para "{{title}}" ({{requestNumber}}) cierran el {{deadline}}.\n',
    },
    vendor_approved: {
      subject: "Su solicitud de proveedor fue aprobada",
      body: "Estimado/a {{contactPerson}}: su solicitud de proveedor para {{companyName}} ha sido aprobada.\n\n" +
        "Establezca su contraseña para iniciar sesión (el enlace funciona una sola vez, durante {{hours}} horas):\n" +
        "{{link}}\n",
    },
    vendor_rejected: {
      subject: "Su solicitud de proveedor no fue aprobada",
      body: "Estimado/a {{contactPerson}}: su solicitud de proveedor para {{companyName}} ha sido rechazada.\n\n" +
        "Motivo: {{reason}}\n",
    },
    quotation_awarded: {
      subject: "Su cotización para {{requestNumber}} fue aprobada: orden de compra {{poNumber}}",
      body: 'Estimado/a {{contactPerson}}:\n\nSu cotización para "{{title}}" ({{requestNumber}}) ha sido aprobada.\n' +
        "Se ha emitido la orden de compra {{poNumber}} por {{amount}} a {{vendorName}}.\n" +
        "\nConfírmela (con una fecha de entrega prometida) o recházela en la aplicación:\n{{link}}\n",
    },
    quotation_not_selected: {
      subject: "Resultado de {{requestNumber}}: su cotización no fue seleccionada",
      body: 'Estimado/a {{contactPerson}}:\n\nGracias por su cotización para "{{title}}" ({{requestNumber}}). ' +
        "Tras la evaluación se eligió otra oferta, por lo que su cotización no fue seleccionada en esta ocasión.\n",
    },
    bid_amended: {
      subject: "Modificación de {{requestNumber}}: {{title}}",
      body: 'Estimado/a {{contactPerson}}:\n\nLa solicitud de ofertas "{{title}}" ({{requestNumber}}) ha sido ' +
        "modificada. La presentación de ofertas cierra ahora el {{deadline}}.\n\nAclaración: {{clarification}}\n",
    },
    bid_closed_early: {
      subject: "Presentación de ofertas cerrada antes de tiempo: {{requestNumber}} {{title}}",
      body: 'Estimado/a {{contactPerson}}:\n\nLa presentación de ofertas para "{{title}}" ({{requestNumber}}) se ' +
        "cerró antes de tiempo, antes de su fecha límite del {{deadline}}.\nMotivo: {{reason}}\n",
    },
    purchase_order_acknowledged: {
      subject: "{{vendorName}} confirmó la orden de compra {{poNumber}}",
      body:
        'La orden de compra {{poNumber}} para "{{title}}" ({{requestNumber}}) fue confirmada por {{vendorName}}.\nEntrega prometida: {{promisedDeliveryDate}}\n\n{{link}}\n',
    },
    purchase_order_declined: {
      subject: "{{vendorName}} rechazó la orden de compra {{poNumber}}",
      body:
        'La orden de compra {{poNumber}} para "{{title}}" ({{requestNumber}}) fue rechazada por {{vendorName}}.\nMotivo: {{reason}}\n\n{{link}}\n',
    },
    purchase_order_received: {
      subject: "Mercancía recibida por completo: orden de compra {{poNumber}}",
      body:
        'Se ha recibido toda la mercancía de la orden de compra {{poNumber}} de {{vendorName}} para "{{title}}" ({{requestNumber}}).\n\n{{link}}\n',
    },
    sign_in_failures: {
      subject: "Intentos fallidos de acceso a su cuenta",
      body:
        "Estimado/a {{name}}:\n\nHubo {{count}} intentos fallidos de iniciar sesión en su cuenta en los últimos {{minutes}} minutos, el último el {{lastAttempt}} desde {{address}}.\n\nSi fue usted, no tiene que hacer nada. Si no, alguien podría estar adivinando su contraseña: los siguientes intentos se ralentizan y no le afectan en un navegador donde ya inició sesión. Elija una contraseña segura y active la verificación en dos pasos en su perfil.\n",
    },
    quotation_extension_requested: {
      subject: "Amplíe la validez de su cotización para {{requestNumber}}",
      body:
        'Estimado/a {{contactPerson}}:\n\nSu cotización para "{{title}}" ({{requestNumber}}) es válida hasta el {{validUntil}}. Sigue en evaluación, y una cotización vencida no puede adjudicarse.\n\nSi puede mantener sus precios, amplíe su validez en la aplicación:\n{{link}}\n',
    },
  },
  fr: {
    pr_created: {
      subject: "Nouvelle opportunité : {{title}} ({{requestNumber}})",
      body: "Une nouvelle demande d’achat « {{title}} » ({{requestNumber}}) est ouverte aux devis jusqu’au " +
        "{{deadline}}.\n\n{{link}}\n",
    },
    deadline_reminder: {
      subject: "Rappel : les devis pour {{title}} ({{requestNumber}}) seront bientôt clos",
      body: "Rappel : les devis pour « {{title}} » ({{requestNumber}}) seront clos le {{deadline}}.\n",
    },
    vendor_approved: {
      subject: "Votre demande de référencement fournisseur a été approuvée",
      body: "Bonjour {{contactPerson}}, votre demande de référencement fournisseur pour {{companyName}} a été " +
        "approuvée.\n\nDéfinissez votre mot de passe pour vous connecter (le lien ne fonctionne qu’une fois, " +
        "pendant {{hours}} heures) :\n{{link}}\n",
    },
    vendor_rejected: {
      subject: "Votre demande de référencement fournisseur n’a pas été approuvée",
      body: "Bonjour {{contactPerson}}, votre demande de référencement fournisseur pour {{companyName}} a été " +
        "refusée.\n\nMotif : {{reason}}\n",
    },
    quotation_awarded: {
      subject: "Votre devis pour {{requestNumber}} a été retenu : bon de commande {{poNumber}}",
      body: "Bonjour {{contactPerson}},\n\nVotre devis pour « {{title}} » ({{requestNumber}}) a été approuvé.\n" +
        "Le bon de commande {{poNumber}} d’un montant de {{amount}} a été émis au nom de {{vendorName}}.\n" +
        "\nAccusez-en réception (avec une date de livraison promise) ou refusez-la dans l’application :\n{{link}}\n",
    },
    quotation_not_selected: {
      subject: "Résultat de {{requestNumber}} : votre devis n’a pas été retenu",
      body: "Bonjour {{contactPerson}},\n\nMerci pour votre devis pour « {{title}} » ({{requestNumber}}). " +
        "Après évaluation, une autre offre a été choisie : votre devis n’a donc pas été retenu cette fois-ci.\n",
    },
    bid_amended: {
      subject: "Modification de {{requestNumber}} : {{title}}",
      body: "Bonjour {{contactPerson}},\n\nL’appel d’offres « {{title}} » ({{requestNumber}}) a été modifié. " +
        "Les offres sont désormais reçues jusqu’au {{deadline}}.\n\nPrécision : {{clarification}}\n",
    },
    bid_closed_early: {
      subject: "Remise des offres close plus tôt : {{requestNumber}} {{title}}",
      body: "Bonjour {{contactPerson}},\n\nLa remise des offres pour « {{title}} » ({{requestNumber}}) a été close " +
        "plus tôt que prévu, avant sa date limite du {{deadline}}.\nMotif : {{reason}}\n",
    },
    purchase_order_acknowledged: {
      subject: "{{vendorName}} a accusé réception du bon de commande {{poNumber}}",
      body:
        "Le bon de commande {{poNumber}} pour « {{title}} » ({{requestNumber}}) a été accepté par {{vendorName}}.\nLivraison promise : {{promisedDeliveryDate}}\n\n{{link}}\n",
    },
    purchase_order_declined: {
      subject: "{{vendorName}} a refusé le bon de commande {{poNumber}}",
      body:
        "Le bon de commande {{poNumber}} pour « {{title}} » ({{requestNumber}}) a été refusé par {{vendorName}}.\nMotif : {{reason}}\n\n{{link}}\n",
    },
    purchase_order_received: {
      subject: "Marchandises entièrement reçues : bon de commande {{poNumber}}",
      body:
        "Toutes les marchandises du bon de commande {{poNumber}} de {{vendorName}} pour « {{title}} » ({{requestNumber}}) ont été reçues.\n\n{{link}}\n",
    },
    sign_in_failures: {
      subject: "Échecs de connexion à votre compte",
      body:
        "Bonjour {{name}},\n\n{{count}} tentatives de connexion à votre compte ont échoué au cours des {{minutes}} dernières minutes, la dernière le {{lastAttempt}} depuis {{address}}.\n\nSi c'était vous, il n'y a rien à faire. Sinon, quelqu'un essaie peut-être de deviner votre mot de passe : les tentatives suivantes sont ralenties, et un navigateur où vous vous êtes déjà connecté n'est pas concerné. Choisissez un mot de passe robuste et activez la validation en deux étapes dans votre profil.\n",
    },
    quotation_extension_requested: {
      subject: "Merci de prolonger votre devis pour {{requestNumber}}",
      body:
        "Bonjour {{contactPerson}},\n\nVotre devis pour « {{title}} » ({{requestNumber}}) est valable jusqu'au {{validUntil}}. Il est toujours à l'étude, et un devis expiré ne peut pas être attribué.\n\nSi vous pouvez maintenir vos prix, prolongez sa validité dans l'application :\n{{link}}\n",
    },
  },
  de: {
    pr_created: {
      subject: "Neue Ausschreibung: {{title}} ({{requestNumber}})",
      body: "Eine neue Bestellanforderung „{{title}}“ ({{requestNumber}}) ist bis zum {{deadline}} für Angebote " +
        "geöffnet.\n\n{{link}}\n",
    },
    deadline_reminder: {
      subject: "Erinnerung: Die Angebotsfrist für {{title}} ({{requestNumber}}) endet bald",
      body: "Erinnerung: Die Angebotsfrist für „{{title}}“ ({{requestNumber}}) endet am {{deadline}}.\n",
    },
    vendor_approved: {
      subject: "Ihr Lieferantenantrag wurde genehmigt",
      body: "Guten Tag {{contactPerson}}, Ihr Lieferantenantrag für {{companyName}} wurde genehmigt.\n\n" +
        "Legen Sie Ihr Passwort fest, um sich anzumelden (der Link funktioniert einmal, {{hours}} Stunden lang):\n" +
        "{{link}}\n",
    },
    vendor_rejected: {
      subject: "Ihr Lieferantenantrag wurde nicht genehmigt",
      body: "Guten Tag {{contactPerson}}, Ihr Lieferantenantrag für {{companyName}} wurde abgelehnt.\n\n" +
        "Grund: {{reason}}\n",
    },
    quotation_awarded: {
      subject: "Ihr Angebot für {{requestNumber}} wurde angenommen: Bestellung {{poNumber}}",
      body: "Guten Tag {{contactPerson}},\n\nIhr Angebot für „{{title}}“ ({{requestNumber}}) wurde angenommen.\n" +
        "Die Bestellung {{poNumber}} über {{amount}} wurde an {{vendorName}} erteilt.\n" +
        "\nBestätigen Sie sie (mit zugesagtem Liefertermin) oder lehnen Sie sie in der Anwendung ab:\n{{link}}\n",
    },
    quotation_not_selected: {
      subject: "Ergebnis von {{requestNumber}}: Ihr Angebot wurde nicht ausgewählt",
      body: "Guten Tag {{contactPerson}},\n\nvielen Dank für Ihr Angebot für „{{title}}“ ({{requestNumber}}). " +
        "Nach der Bewertung wurde ein anderes Angebot ausgewählt, daher wurde Ihr Angebot diesmal nicht " +
        "berücksichtigt.\n",
    },
    bid_amended: {
      subject: "Änderung zu {{requestNumber}}: {{title}}",
      body: "Guten Tag {{contactPerson}},\n\ndie Ausschreibung „{{title}}“ ({{requestNumber}}) wurde geändert. " +
        "Angebote können jetzt bis zum {{deadline}} abgegeben werden.\n\nKlarstellung: {{clarification}}\n",
    },
    bid_closed_early: {
      subject: "Angebotsphase vorzeitig beendet: {{requestNumber}} {{title}}",
      body: "Guten Tag {{contactPerson}},\n\ndie Angebotsphase für „{{title}}“ ({{requestNumber}}) wurde vorzeitig " +
        "beendet, vor ihrer Frist am {{deadline}}.\nGrund: {{reason}}\n",
    },
    purchase_order_acknowledged: {
      subject: "{{vendorName}} hat die Bestellung {{poNumber}} bestätigt",
      body:
        "Die Bestellung {{poNumber}} für „{{title}}“ ({{requestNumber}}) wurde von {{vendorName}} bestätigt.\nZugesagte Lieferung: {{promisedDeliveryDate}}\n\n{{link}}\n",
    },
    purchase_order_declined: {
      subject: "{{vendorName}} hat die Bestellung {{poNumber}} abgelehnt",
      body:
        "Die Bestellung {{poNumber}} für „{{title}}“ ({{requestNumber}}) wurde von {{vendorName}} abgelehnt.\nGrund: {{reason}}\n\n{{link}}\n",
    },
    purchase_order_received: {
      subject: "Ware vollständig erhalten: Bestellung {{poNumber}}",
      body:
        "Die gesamte Ware der Bestellung {{poNumber}} von {{vendorName}} für „{{title}}“ ({{requestNumber}}) ist eingegangen.\n\n{{link}}\n",
    },
    sign_in_failures: {
      subject: "Fehlgeschlagene Anmeldungen bei Ihrem Konto",
      body:
        "Guten Tag {{name}},\n\nIn den letzten {{minutes}} Minuten gab es {{count}} fehlgeschlagene Anmeldeversuche bei Ihrem Konto, zuletzt am {{lastAttempt}} von {{address}}.\n\nWenn Sie das waren, ist nichts zu tun. Andernfalls versucht womöglich jemand, Ihr Passwort zu erraten: Weitere Versuche werden verlangsamt, und in einem Browser, in dem Sie sich schon angemeldet haben, sind Sie nicht betroffen. Wählen Sie ein starkes Passwort und aktivieren Sie die Zwei-Schritt-Bestätigung in Ihrem Profil.\n",
    },
    quotation_extension_requested: {
      subject: "Bitte verlängern Sie Ihr Angebot für {{requestNumber}}",
      body:
        "Guten Tag {{contactPerson}},\n\nIhr Angebot für „{{title}}“ ({{requestNumber}}) ist bis {{validUntil}} gültig. Es wird noch geprüft, und ein abgelaufenes Angebot kann nicht vergeben werden.\n\nWenn Sie Ihre Preise halten können, verlängern Sie die Gültigkeit in der App:\n{{link}}\n",
    },
  },
  dv: {
    pr_created: {
      subject: "އައު ފުރުޞަތެއް: {{title}} ({{requestNumber}})",
      body: 'ގަތުމަށް އެދޭ އައު ރިކުއެސްޓެއް "{{title}}" ({{requestNumber}})، {{deadline}} އާ ހަމައަށް ' +
        "ކޯޓޭޝަން ހުށަހެޅުމަށް ހުޅުވިފައިވެއެވެ.\n\n{{link}}\n",
    },
    deadline_reminder: {
      subject: "ހަނދާންކޮށްދިނުން: {{title}} ({{requestNumber}}) ގެ ކޯޓޭޝަން ބަންދުވާން ކައިރިވެއްޖެ",
      body: 'ހަނދާންކޮށްދިނުން: "{{title}}" ({{requestNumber}}) ގެ ކޯޓޭޝަން ބަންދުވާނީ {{deadline}} ގައެވެ.\n',
    },
    vendor_approved: {
      subject: "ތިޔަ ވެންޑަރ އެޕްލިކޭޝަން ފާސްކުރެވިއްޖެ",
      body: "ޢިއްޒަތްތެރި {{contactPerson}}، {{companyName}} ގެ ވެންޑަރ އެޕްލިކޭޝަން ފާސްކުރެވިއްޖެއެވެ.\n\n" +
        "ސައިން އިން ވުމަށް ޕާސްވޯޑް ކަނޑައަޅުއްވާ (މި ލިންކު ބޭނުންކުރެވޭނީ އެއް ފަހަރު، {{hours}} ގަޑިއިރު " +
        "ތެރޭގައެވެ):\n{{link}}\n",
    },
    vendor_rejected: {
      subject: "ތިޔަ ވެންޑަރ އެޕްލިކޭޝަން ފާސްނުކުރެވުނު",
      body: "ޢިއްޒަތްތެރި {{contactPerson}}، {{companyName}} ގެ ވެންޑަރ އެޕްލިކޭޝަން ރަދްދުކުރެވިއްޖެއެވެ.\n\n" +
        "ސަބަބު: {{reason}}\n",
    },
    quotation_awarded: {
      subject: "{{requestNumber}} އަށް ހުށަހެޅި ކޯޓޭޝަން ފާސްކުރެވިއްޖެ: ޕަރޗޭސް އޯޑަރު {{poNumber}}",
      body: 'ޢިއްޒަތްތެރި {{contactPerson}}،\n\n"{{title}}" ({{requestNumber}}) އަށް ތިޔަ ހުށަހެޅި ކޯޓޭޝަން ' +
        "ފާސްކުރެވިއްޖެއެވެ.\n{{amount}} ގެ ޕަރޗޭސް އޯޑަރު {{poNumber}}، {{vendorName}} އަށް ދޫކުރެވިއްޖެއެވެ.\n" +
        "\nއެޕްގައި މި އޯޑަރު ޤަބޫލުކުރައްވާ (ޑެލިވަރީ ކުރާނެ ތާރީޚާއެކު) ނުވަތަ ރައްދުކުރައްވާ:\n{{link}}\n",
    },
    quotation_not_selected: {
      subject: "{{requestNumber}} ގެ ނަތީޖާ: ތިޔަ ކޯޓޭޝަން ހޮވިފައެއް ނުވެ",
      body: 'ޢިއްޒަތްތެރި {{contactPerson}}،\n\n"{{title}}" ({{requestNumber}}) އަށް ކޯޓޭޝަން ހުށަހެޅުއްވީތީ ' +
        "ޝުކުރިއްޔާ. ވަޒަންކުރުމަށްފަހު އެހެން ހުށަހެޅުމެއް ހޮވުނީތީ، މިފަހަރު ތިޔަ ކޯޓޭޝަން ހޮވިފައެއް ނުވެއެވެ.\n",
    },
    bid_amended: {
      subject: "{{requestNumber}} އަށް ގެނެވުނު ބަދަލު: {{title}}",
      body: 'ޢިއްޒަތްތެރި {{contactPerson}}،\n\nބިޑް ރިކުއެސްޓް "{{title}}" ({{requestNumber}}) އަށް ބަދަލުތަކެއް ' +
        "ގެނެވިއްޖެއެވެ. ބިޑް ހުށަހެޅުން މިހާރު ބަންދުވާނީ {{deadline}} ގައެވެ.\n\nވާޟިޙުކުރުން: {{clarification}}\n",
    },
    bid_closed_early: {
      subject: "ބިޑް ހުށަހެޅުން ކުރިން ބަންދުކުރެވިއްޖެ: {{requestNumber}} {{title}}",
      body: 'ޢިއްޒަތްތެރި {{contactPerson}}،\n\n"{{title}}" ({{requestNumber}}) ގެ ބިޑް ހުށަހެޅުން، {{deadline}} ގެ ' +
        "ސުންގަޑި ހަމަވުމުގެ ކުރިން ބަންދުކުރެވިއްޖެއެވެ.\nސަބަބު: {{reason}}\n",
    },
    purchase_order_acknowledged: {
      subject: "{{vendorName}} ޕަރޗޭސް އޯޑަރު {{poNumber}} ޤަބޫލުކޮށްފި",
      body:
        '"{{title}}" ({{requestNumber}}) ގެ ޕަރޗޭސް އޯޑަރު {{poNumber}}، {{vendorName}} ޤަބޫލުކޮށްފިއެވެ.\nޑެލިވަރީ ކުރާނެ ތާރީޚު: {{promisedDeliveryDate}}\n\n{{link}}\n',
    },
    purchase_order_declined: {
      subject: "{{vendorName}} ޕަރޗޭސް އޯޑަރު {{poNumber}} ރައްދުކޮށްފި",
      body:
        '"{{title}}" ({{requestNumber}}) ގެ ޕަރޗޭސް އޯޑަރު {{poNumber}}، {{vendorName}} ރައްދުކޮށްފިއެވެ.\nސަބަބު: {{reason}}\n\n{{link}}\n',
    },
    purchase_order_received: {
      subject: "ހުރިހާ މުދަލެއް ލިބިއްޖެ: ޕަރޗޭސް އޯޑަރު {{poNumber}}",
      body:
        '"{{title}}" ({{requestNumber}}) އަށް {{vendorName}} ގެ ޕަރޗޭސް އޯޑަރު {{poNumber}} ގެ ހުރިހާ މުދަލެއް ލިބިއްޖެއެވެ.\n\n{{link}}\n',
    },
    sign_in_failures: {
      subject: "ތިޔަބޭފުޅާގެ އެކައުންޓަށް ވަނުމަށް ކުރި ނާކާމިޔާބު މަސައްކަތްތައް",
      body:
        "ލޮބުވެތި {{name}}،\n\nފަހުގެ {{minutes}} މިނިޓުގެ ތެރޭގައި ތިޔަބޭފުޅާގެ އެކައުންޓަށް ވަނުމަށް {{count}} ފަހަރު ނާކާމިޔާބު މަސައްކަތް ކުރެވިއްޖެ، އެންމެ ފަހުން {{lastAttempt}} ގައި {{address}} އިން.\n\nއެއީ ތިޔަބޭފުޅާ ނަމަ، އެއްވެސް ކަމެއް ކުރައްވަން ނުޖެހޭ. ނޫންނަމަ، އެހެން މީހަކު ޕާސްވޯޑް ބަލާލަނީ ކަމަށް ވެދާނެ: އިތުރު މަސައްކަތްތައް ލަސްކުރެވޭނެ، އަދި ކުރިން ވަދެފައިވާ ބްރައުޒަރަކުން ވަނުމަށް އެއްވެސް އަސަރެއް ނުކުރާނެ. ވަރުގަދަ ޕާސްވޯޑެއް ހޮވައި، ޕްރޮފައިލްގައި ދެ ފިޔަވަޅުގެ ޔަގީންކުރުން ހުޅުއްވާ.\n",
    },
    quotation_extension_requested: {
      subject: "{{requestNumber}} އަށް ދިން ކޯޓޭޝަނުގެ މުއްދަތު އިތުރުކުރައްވާ",
      body:
        'ލޮބުވެތި {{contactPerson}}،\n\n"{{title}}" ({{requestNumber}}) އަށް ދެއްވި ކޯޓޭޝަނުގެ މުއްދަތަކީ {{validUntil}} އާ ހަމައަށް. އެ އަދިވެސް ބަލަމުންދަނީ، އަދި މުއްދަތު ހަމަވެފައިވާ ކޯޓޭޝަނެއް އެވޯޑެއް ނުކުރެވޭނެ.\n\nއަގުތައް ހިފެހެއްޓޭނަމަ، އެޕްގައި މުއްދަތު އިތުރުކުރައްވާ:\n{{link}}\n',
    },
  },
};

/**
 * A sealed bid's reminder goes to every vendor invited, whether or not it has submitted (so the
 * reminder says nothing about who has): the usual reminder plus this note.
 */
export const SEALED_REMINDER_NOTE: Record<Language, string> = {
  en: "This is a sealed bid: every vendor invited to it receives this reminder. If you have already submitted, " +
    "you may replace your quotation until the deadline; otherwise no action is needed.",
  es: "Esta es una licitación sellada: todos los proveedores invitados reciben este recordatorio. Si ya presentó " +
    "su cotización, puede reemplazarla hasta la fecha límite; de lo contrario, no necesita hacer nada.",
  fr: "Il s’agit d’un appel d’offres sous pli scellé : chaque fournisseur invité reçoit ce rappel. Si vous avez " +
    "déjà soumis votre devis, vous pouvez le remplacer jusqu’à la date limite ; sinon, aucune action n’est " +
    "nécessaire.",
  de: "Dies ist eine versiegelte Ausschreibung: Jeder eingeladene Lieferant erhält diese Erinnerung. Wenn Sie " +
    "bereits ein Angebot abgegeben haben, können Sie es bis zum Ablauf der Frist ersetzen; andernfalls ist nichts " +
    "zu tun.",
  dv: "މިއީ ސީލްކުރެވިފައިވާ ބިޑެކެވެ: ދައުވަތު ދެވިފައިވާ ކޮންމެ ވެންޑަރަކަށް މި ހަނދާންކޮށްދިނުން ފޮނުވެއެވެ. " +
    "ތިޔަ ކޯޓޭޝަން މިހާރުވެސް ހުށަހަޅުއްވާފައިވާނަމަ، ސުންގަޑި ހަމަވުމާ ހަމައަށް އެ ކޯޓޭޝަން ބަދަލުކުރެވޭނެއެވެ. " +
    "އެހެންނޫންނަމަ އެއްވެސް ކަމެއް ކުރައްވަން ނުޖެހެއެވެ.",
};

export const BUILT_IN_TEMPLATES = Object.fromEntries(
  (Object.keys(CATALOG) as Language[]).map((lang) => [lang, {
    ...CATALOG[lang],
    deadline_reminder_sealed: {
      subject: CATALOG[lang].deadline_reminder.subject,
      body: `${CATALOG[lang].deadline_reminder.body}\n${SEALED_REMINDER_NOTE[lang]}\n`,
    },
  }]),
) as Record<Language, Record<EmailTemplateKey, TemplateText>>;
