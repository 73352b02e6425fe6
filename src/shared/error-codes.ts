/**
 * Every error the API can answer carries a stable `code` from this table beside its English
 * `message` (and `params` for the {{placeholders}}). The SPA translates by code
 * (web/src/features/errors/locales), so the table is the contract: a code added here without a
 * translation in all five languages fails web/src/locales/locales.test.ts.
 *
 * Keys are `area.name`; the generic per-status codes are what an error without a specific code
 * answers.
 */
export const ERROR_MESSAGES = {
  // ocr (quotation import, src/features/ocr and src/ocr)
  "ocr.target": "Give purchaseRequestId or bidRequestId",
  "ocr.oneFile": "Attach exactly one file",
  "ocr.targetNotOpen": "This request is not open to your quotations",
  "ocr.rateLimited": "You can read at most {{max}} documents per hour. Try again later.",
  "ocr.jobNotFound": "Import not found",
  "ocr.jobNotDone": "The document has not been read yet",
  "ocr.jobOtherRequest": "This import belongs to another request",
  "ocr.jobUsed": "This import was already submitted",
  "ocr.unreadablePdf": "The PDF could not be read",
  "ocr.unreadableImage": "The image could not be read",
  "ocr.tooManyPages": "The document has more than {{max}} pages",
  "ocr.imageTooLarge": "The image is larger than {{max}} megapixels",
  "ocr.unsupportedFile": "Only PDF, PNG, JPG, TIFF and BMP files can be read",
  "ocr.timeout": "Reading the document took longer than {{seconds}} s",
  "ocr.crashed": "Reading the document stopped unexpectedly",
  "ocr.failed": "The document could not be read",
  // backup and restore (src/backup)
  "backup.notABackup": "This file is not a backup made by this application",
  "backup.unsupported": "This backup was made by a version this one cannot read",
  "backup.damaged": "The backup file is damaged or incomplete",
  "backup.wrongPassphrase": "The passphrase does not open this backup",
  "backup.otherServerKey":
    "This backup's sealed bids and provider keys were encrypted with another SEALED_BID_KEY; restore it with that key",
  "backup.newerSchema":
    "This backup was made by a newer version of the application (migration {{version}}); upgrade first",
  "backup.olderSchema":
    "This backup was made by an older version of the application; restore it with deno task restore, which brings it up to date",
  "backup.restoreConfirm": "Type REPLACE to confirm that every record is to be replaced by the backup's",
  "backup.notEmpty": "The database already holds data; restore into an empty database or replace it explicitly",
  // storage
  "storage.full": "The server's storage is full, so nothing was saved. Try again later, or tell an administrator.",
  "storage.accountQuota": "This account has used its {{limit}} MB of stored files; nothing was saved",
  "storage.totalQuota":
    "The organisation's {{limit}} MB of stored files are used up; nothing was saved. Tell an administrator.",
  "storage.registrationCap": "Too many applications were uploaded today. Try again tomorrow.",
  // generic, one per status
  "generic.badRequest": "The request is not valid",
  "generic.unauthorized": "Unauthorized",
  "generic.forbidden": "You do not have permission to do this",
  "generic.notFound": "Not found",
  "generic.conflict": "This conflicts with the current state. Reload and try again.",
  "generic.payloadTooLarge": "Request body is too large",
  "generic.unsupportedMediaType": "Unsupported file type",
  "generic.tooManyRequests": "Too many requests. Try again later.",
  "generic.serviceUnavailable": "The service is temporarily unavailable. Try again shortly.",
  "generic.internal": "Internal server error",
  "generic.malformedJson": "Malformed JSON body",
  "generic.validation": "{{message}}",

  // input: validation, database constraints and outages (src/lib/error-handler.ts)
  "input.invalidText": "Text contains a character that is not allowed (null byte or unpaired surrogate)",
  "input.invalidValue": "A value is not valid for its field",
  "input.tooLong": "A value is too long for its field",
  "input.duplicate": "This already exists",
  "input.unknownReference": "A referenced record does not exist",
  "input.stillReferenced": "This record is still in use",
  "input.concurrentChange": "Someone else changed this at the same time. Try again.",
  "input.databaseUnavailable": "The database is temporarily unavailable. Try again shortly.",
  // auth (sign-in hardening; auth.invalidCredentials, tooManyAttempts, signInExpired, invalidCode: below)
  "auth.accountDeactivated": "This account is deactivated. Contact an administrator to have it reactivated.",
  "auth.tooManyPasswordAttempts": "Too many wrong passwords. Try again later.",
  "auth.rateLimited": "Too many requests from your address. Try again later.",
  // bids and award
  "award.alreadyAwarded": "This need has already been awarded (purchase order {{number}})",
  "award.convertedToBid":
    "This purchase request was converted into bid request {{number}}; its quotations are reviewed and awarded there",
  "award.quotationExpired":
    "The quotation of {{vendor}} expired on {{date}}; ask the vendor to extend its validity before awarding it",
  "quotations.notExpiring":
    "This quotation is valid for more than {{days}} days; ask for an extension closer to its end",
  "quotations.requestClosed": "The request is {{status}}; its quotations can no longer be extended",
  "quotations.cannotExtend": "A {{status}} quotation cannot be extended",
  "award.concurrent": "This need was awarded at the same moment by someone else; reload to see its purchase order",
  "award.justificationRequired":
    "This quotation is not the best by the bid's evaluation method; write a justification for awarding it",
  "bids.notFound": "Bid request not found",
  "bids.alreadyConverted": "This purchase request already has a bid request",
  "bids.illegalTransition": "A bid request that is {{from}} cannot become {{to}}",
  "bids.deadlinePassed": "The bidding deadline has passed; change the deadline or cancel the bid request",
  "bids.conversionNotApproved":
    "Only an approved (active) purchase request can be converted to a bid request (this one is {{status}})",
  "bids.approvalRequired": "This bid request needs approval before it can be published",
  "bids.notPendingApproval": "Only a bid request pending approval can be approved or rejected (this one is {{status}})",
  "bids.ownApproval": "You cannot approve or reject your own bid request",
  "bids.alreadyApproved": "You have already approved this bid request",
  "bids.managerApprovalNeeded": "A manager must approve this bid request too",
  "bids.financeApprovalNeeded": "This bid request now needs a cost/finance controller's approval",
  "bids.notEditable": "A {{status}} bid request cannot be edited",
  "bids.stale": "This bid request was changed by someone else. Reload it and try again.",
  "bids.deadlineShortened": "Once published, the bidding deadline can only be extended (it is {{deadline}})",
  "bids.itemsLocked": "Items cannot be changed after a vendor has submitted a quotation",
  "bids.nothingToAnnounce": "Extend the deadline, change the project deadline or add a clarification",
  "bids.closeReasonRequired": "Closing bidding before its deadline needs a reason",
  "bids.unsealBeforeDeadline":
    "Sealed bids cannot be unsealed before the bidding deadline ({{deadline}}) unless bidding was closed early with a reason",

  // messages: generic, more (converted from English call sites)
  "generic.malformedMultipart": "Malformed multipart body",
  "generic.unsupportedBody": "Send application/json or multipart/form-data",
  "generic.missingPermission": "You do not have permission to do this ({{permission}})",
  "generic.crossSite": "Cross-site request refused",
  "generic.noRoute": "No API route {{method}} {{path}}",

  // messages: sign-in and sessions (converted from English call sites)
  "auth.passwordChangeRequired": "You must change your password before continuing",
  "auth.invalidCredentials": "Invalid credentials",
  "auth.tooManyAttempts": "Too many failed sign-in attempts. Try again later.",
  "auth.signInExpired": "Your sign-in has expired. Sign in again.",
  "auth.invalidCode": "Invalid code",

  // messages: users, profile and two-factor
  "users.noLongerAdmin": "You are no longer an active administrator",
  "users.notFound": "User not found",
  "users.vendorViaRegistration": "Vendor accounts are created through vendor registration",
  "users.duplicateEmail": "A user with this email already exists",
  "users.vendorRoleChange": "Vendor accounts cannot change to or from a staff role",
  "users.cannotChangeOwnAdminRole": "You cannot change your own administrator role",
  "users.lastAdminDemote": "The last active administrator cannot be demoted",
  "users.cannotDeactivateSelf": "You cannot deactivate your own account",
  "users.lastAdminDeactivate": "The last active administrator cannot be deactivated",
  "profile.ownProfileOnly": "You can only change your own profile",
  "profile.ownPasswordOnly": "You can only change your own password",
  "profile.currentPasswordIncorrect": "Current password is incorrect",
  "profile.samePassword": "Choose a password different from the current one",
  "profile.passwordIncorrect": "Password is incorrect",
  "twoFactor.alreadyEnabled": "Two-factor sign-in is already enabled",
  "twoFactor.setupFirst": "Start the two-factor set-up first",
  "twoFactor.invalidCode": "The code is not valid. Check your authenticator app's time and try again.",

  // messages: vendors and categories
  "vendors.notFound": "Vendor not found",
  "vendors.signInToChangeCategories": "Sign in to change vendor categories",
  "vendors.ownCategoriesOnly": "You can only change your own categories",
  "vendors.alreadyDecided": "This application was already {{status}}",
  "vendors.invalidLink": "This link is invalid or has expired",
  "categories.unknown": "One or more categories do not exist",
  "categories.notFound": "Category not found",
  "categories.duplicateName": "A category with this name already exists",
  "categories.inUse":
    "This category is used by {{vendors}} vendor(s), {{requests}} purchase request record(s) and {{bids}} bid request record(s). Deactivate it instead.",

  // messages: purchase requests
  "purchaseRequests.notFound": "Purchase request not found",
  "purchaseRequests.budgetTooLarge": "The estimated budget is too large (at most {{max}})",
  "purchaseRequests.versionRequired": "version is required",
  "purchaseRequests.stale": "This purchase request was changed by someone else. Reload and try again.",
  "purchaseRequests.approvedItemsLocked":
    "The items of an approved purchase request cannot change. Cancel it and raise a new request.",
  "purchaseRequests.cannotEdit": "A {{status}} purchase request cannot be edited",
  "purchaseRequests.useApproveReject": "Use approve or reject to decide on a pending purchase request",
  "purchaseRequests.invalidTransition": "A {{from}} purchase request cannot become {{to}}",
  "purchaseRequests.onlyPendingApprove": "Only pending requests can be approved (this one is {{status}})",
  "purchaseRequests.onlyPendingReject": "Only pending requests can be rejected (this one is {{status}})",
  "purchaseRequests.cannotApproveOwn": "You cannot approve your own purchase request",
  "purchaseRequests.cannotRejectOwn": "You cannot reject your own purchase request",
  "purchaseRequests.alreadyApproved": "You have already approved this request",
  "purchaseRequests.managerMustApprove": "A manager must approve this request too",
  "purchaseRequests.financeApprovalNeeded": "This request now needs a cost/finance controller's approval",

  // messages: bid requests (bids.notFound, alreadyConverted, illegalTransition, deadlinePassed: above)
  "bids.createForbidden": "You do not have permission to create bid requests",
  "bids.awardByQuotation": "Award a bid request by choosing the winning quotation",
  "bids.notSealed": "This bid request uses open bidding; nothing is sealed",
  "bids.alreadyUnsealed": "This bid request was already unsealed",
  "bids.unsealAfterClose": "Sealed bids can be unsealed only after bidding has closed",

  // messages: quotations, evaluation and award
  "quotations.notFound": "Quotation not found",
  "quotations.sealed": "Bids are sealed until bidding closes and they are unsealed",
  "quotations.notCurrentReview": "Only a vendor's current quotation can be reviewed",
  "quotations.notCurrentAward": "Only a vendor's current quotation can be awarded",
  "quotations.wrongRequest": "This quotation does not belong to this request",
  "quotations.purchaseOrderNotFound": "Purchase order not found",
  "quotations.invalidTransition": "This quotation is {{from}} and cannot become {{to}}",
  "quotations.bidAlreadyAwarded": "This bid request has already been awarded",
  "quotations.requestAlreadyAwarded": "This purchase request has already been awarded or completed",
  "quotations.evaluateAfterClose":
    "Quotations can be evaluated once bidding is closed (this bid request is {{status}})",
  "quotations.evaluateWhileActive":
    "Quotations can be evaluated only while the purchase request is active (it is {{status}})",
  "quotations.cannotApprove": "A {{status}} quotation cannot be approved",

  // messages: vendor opportunities (quotation submission)
  "opportunities.quotationJson": "quotation must be a JSON string",
  "opportunities.tooManyAttachments": "At most {{max}} attachments",
  "opportunities.requestNotFound": "Request not found",
  "opportunities.biddingNotOpen":
    "Bidding is not open for this request (closed, past its deadline, or not in your categories)",
  "opportunities.requestNotOpen":
    "This request is not open for your quotation (closed, past its deadline, or not in your categories)",
  "opportunities.unknownItem": "An item does not belong to this request",
  "opportunities.cannotReplace": "Your quotation was already {{status}}; it cannot be replaced",

  // messages: files
  "files.notFound": "File not found",
  "files.forbidden": "You cannot open this file",
  "files.sealed": "This file belongs to a sealed bid and cannot be opened before unsealing",
  "files.tooLarge": "{{label}} is larger than {{max}} bytes",
  "files.wrongType": "{{label}} type must be {{types}}",

  // messages: notification settings
  "notifications.emailNotConfigured": "Email provider is not configured",
  "notifications.whatsappDisabled": "WhatsApp notifications are not enabled",
  "notifications.whatsappNotConfigured": "WhatsApp is not configured: access token and phone number ID are required",
  "notifications.providerRefused": "{{message}}",

  // purchase orders (register, vendor acknowledgement, goods receipt; src/features/purchase-orders)
  "purchaseOrders.cancelAfterReceipt": "Purchase order {{number}} has received goods and can no longer be cancelled",
  "purchaseOrders.notCancellable": "Purchase order {{number}} is {{status}} and cannot be cancelled",
  "purchaseOrders.notAnswerable":
    "Purchase order {{number}} is {{status}}; only an issued order can be acknowledged or declined",
  "purchaseOrders.notReceivable": "Purchase order {{number}} is {{status}}; no goods can be received on it",
  "purchaseOrders.notClosable":
    "Purchase order {{number}} is {{status}}; only an order with received goods can be closed",
  "purchaseOrders.notEditable":
    "Purchase order {{number}} is {{status}}; its requested delivery date can no longer change",
  "purchaseOrders.versionConflict": "Purchase order {{number}} was changed by someone else; reload it and try again",
  "purchaseOrders.overReceipt":
    "{{item}}: {{received}} received of {{ordered}} ordered; give an over-receipt reason to receive more",
  "purchaseOrders.unknownLine": "This purchase order has no line {{id}}",
  "purchaseOrders.duplicateLine": "Each line may appear only once in a receipt",
  "purchaseOrders.receiptJson": "receipt must be a JSON string",
  "purchaseOrders.oneDeliveryNote": "Attach at most one delivery note",

  // organisation profile (src/features/organisation)
  "organisation.logoMissing": "Attach one logo file in the field logo",
  "organisation.noLogo": "No logo has been uploaded",

  // budgets
  "budgets.notFound": "Budget not found",
  "budgets.duplicate": "A budget for this department, category and period already exists",
  "budgets.stale": "This budget was changed by someone else. Reload and try again.",
  "budgets.exceeded":
    "Approving this request ({{estimate}}) would exceed the budget {{budget}} ({{remaining}} remaining); the overrun policy refuses it",

  // ocds (src/features/ocds)
  "ocds.notPublished": "This bid request is not published yet (status {{status}}), so it has no OCDS release",
  "ocds.organisationNameMissing":
    "Enter the organisation's legal name in System Settings (Organisation profile) first: the OCDS export names it as the buyer",

  // the notification centre (src/features/notifications)
  "notificationCentre.notFound": "Notification not found",

  // notify
  "notify.messageNotFound": "Message not found",
  "notify.notFailed": "Only a failed message can be resent (this one is {{status}})",
  "notify.templateNotFound": "Unknown email template or language",
  "notify.templateInvalid": "{{message}}",
  "notify.templateMissingPlaceholder": "The body must contain {{placeholder}}",
  "notify.templateNotCustomised": "This template has no changes to reset",
  // lists at scale: keyset paging and the offset cap of the other lists (audit log, ...)
  "lists.badCursor": "This page link is no longer valid. Go back to the first page.",
  "lists.offsetTooDeep":
    "Pages start at most {{max}} rows in. Narrow the filters, or follow X-Next-Cursor with ?after= for deeper pages.",
  // lists at scale: keyset paging of the purchase request list
  "purchaseRequests.badCursor": "This page link is no longer valid. Go back to the first page.",
  "purchaseRequests.offsetTooDeep":
    "Pages start at most {{max}} rows in. Narrow the filters, or follow X-Next-Cursor with ?after= for deeper pages.",
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export type ErrorParams = Record<string, string | number>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_MESSAGES, value);
}

/** The English text of `code` with its {{params}} filled in. */
export function errorText(code: ErrorCode, params: ErrorParams = {}): string {
  return ERROR_MESSAGES[code].replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(params[k] ?? `{{${k}}}`));
}
