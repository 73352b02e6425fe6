/**
 * The table reader on layouts its first corpus never had, one per way it used to go wrong on
 * quotations made elsewhere (tests/fixtures/ocr/word-layout.ts draws the pages): a header wrapped
 * over two lines, the price before the quantity, Italian, Dutch and Portuguese headers, a
 * description of three lines with its numbers on the middle one, a unit inside a description, an
 * optional-items table and a terms sentence full of numbers after the totals.
 */
import assert from "node:assert/strict";
import { type DrawnLine, drawPage } from "../../tests/fixtures/ocr/word-layout.ts";
import { interpret } from "./extract.ts";

const read = (lines: DrawnLine[]) =>
  interpret([drawPage(lines)]).items.map((i) => [i.name, i.quantity, i.unitPrice, i.totalPrice]);

Deno.test("[ocr/table] a header whose cells wrap onto a second line still cuts the columns (with a discount column)", () => {
  assert.deepEqual(
    read([
      [[40, "Description"], [250, "Qty"], [300, "Unit"], [370, "Disc."], [440, "Line"]],
      { gap: 11, cells: [[300, "Price"], [370, "%"], [440, "Total"]] },
      { gap: 20, cells: [[40, "Stapler, heavy duty"], [250, "12"], [300, "18.50"], [370, "10"], [440, "199.80"]] },
      [[40, "Archive box A4"], [250, "25"], [300, "3.80"], [370, "0"], [440, "95.00"]],
      { gap: 20, cells: [[300, "Total"], [440, "294.80"]] },
    ]),
    [["Stapler, heavy duty", "12", "18.50", "199.80"], ["Archive box A4", "25", "3.80", "95.00"]],
  );
});

Deno.test('[ocr/table] the price before the quantity ("Price/Unit | Qty | Amount") is read by the header, not by position', () => {
  assert.deepEqual(
    read([
      [[40, "Description"], [260, "Price/Unit"], [360, "Qty"], [440, "Amount"]],
      [[40, "Toner cartridge HP 26A"], [260, "89.00"], [360, "4"], [440, "356.00"]],
      [[40, "Copy paper A4"], [260, "4.25"], [360, "20"], [440, "85.00"]],
    ]),
    [["Toner cartridge HP 26A", "4", "89.00", "356.00"], ["Copy paper A4", "20", "4.25", "85.00"]],
  );
});

Deno.test("[ocr/table] Italian, Dutch and Portuguese headers name their columns", () => {
  const rows = (head: string[]) => [
    [[40, head[0]], [200, head[1]], [280, head[2]], [390, head[3]], [470, head[4]]] as [number, string][],
    [[40, "Sedia ergonomica"], [200, "4"], [280, "120,00"], [390, "10"], [470, "432,00"]] as [number, string][],
  ];
  for (
    const head of [
      ["Descrizione", "Quantità", "Prezzo unitario", "Sconto %", "Importo"],
      ["Omschrijving", "Aantal", "Prijs per stuk", "Korting %", "Bedrag"],
      ["Descrição", "Quantidade", "Preço unitário", "Desconto %", "Valor total"],
    ]
  ) {
    assert.deepEqual(read(rows(head)), [["Sedia ergonomica", "4", "120.00", "432.00"]], head[0]);
  }
});

Deno.test("[ocr/table] a description of three lines with the numbers on its middle line is one item", () => {
  assert.deepEqual(
    read([
      [[40, "Description"], [300, "Qty"], [360, "Unit price"], [450, "Total"]],
      { gap: 18, cells: [[40, "Laptop 14 inch, 16 GB RAM,"]] },
      { gap: 12, cells: [[40, "512 GB SSD, Windows 11 Pro,"], [300, "3"], [360, "1,150.00"], [450, "3,450.00"]] },
      { gap: 12, cells: [[40, "3 year on-site warranty"]] },
      { gap: 22, cells: [[40, "Docking station USB-C,"]] },
      { gap: 12, cells: [[40, "dual 4K output"], [300, "3"], [360, "189.00"], [450, "567.00"]] },
      { gap: 12, cells: [[40, "with 100 W power supply"]] },
    ]),
    [
      ["Laptop 14 inch, 16 GB RAM, 512 GB SSD, Windows 11 Pro, 3 year on-site warranty", "3", "1150.00", "3450.00"],
      ["Docking station USB-C, dual 4K output with 100 W power supply", "3", "189.00", "567.00"],
    ],
  );
});

Deno.test("[ocr/table] a unit written inside the description stays in the description", () => {
  const items = interpret([drawPage([
    [[40, "Copy paper A4 80gsm (box of 5 reams)"], [330, "10"], [400, "24.50"], [480, "245.00"]],
    [[40, "Sticky notes 76x76 (pack of 12)"], [330, "6"], [400, "7.20"], [480, "43.20"]],
  ])]).items;
  assert.deepEqual(items.map((i) => [i.name, i.unit]), [
    ["Copy paper A4 80gsm (box of 5 reams)", undefined],
    ["Sticky notes 76x76 (pack of 12)", undefined],
  ]);
});

Deno.test("[ocr/table] an optional-items table after the totals, and a terms sentence full of numbers, are no items", () => {
  assert.deepEqual(
    read([
      [[40, "Description"], [300, "Qty"], [360, "Unit price"], [450, "Total"]],
      [[40, "Office chair, mesh back"], [300, "6"], [360, "245.00"], [450, "1,470.00"]],
      [[40, "Desk 160x80 cm"], [300, "6"], [360, "310.00"], [450, "1,860.00"]],
      { gap: 20, cells: [[360, "Subtotal"], [450, "3,330.00"]] },
      [[360, "VAT 20%"], [450, "666.00"]],
      [[360, "Total"], [450, "3,996.00"]],
      { gap: 30, cells: [[40, "Optional items"]] },
      [[40, "Description"], [300, "Qty"], [360, "Unit price"], [450, "Total"]],
      [[40, "Monitor arm, dual"], [300, "6"], [360, "79.00"], [450, "474.00"]],
      { gap: 30, cells: [[40, "Delivery within 3 weeks,"], [300, "30"], [360, "days net,"], [450, "2% 10 days"]] },
    ]),
    [["Office chair, mesh back", "6", "245.00", "1470.00"], ["Desk 160x80 cm", "6", "310.00", "1860.00"]],
  );
});

Deno.test("[ocr/table] without a header, the numbers' order comes from the arithmetic and their formats", () => {
  // Price before quantity: 89.00 × 4 multiplies out either way; the whole number is the quantity.
  assert.deepEqual(
    read([
      [[40, "Toner cartridge HP 26A"], [300, "89.00"], [380, "4"], [450, "356.00"]],
      [[40, "Copy paper A4"], [300, "4.25"], [380, "20"], [450, "85.00"]],
      [[40, "Stapler, heavy duty"], [300, "18.50"], [380, "12"], [450, "222.00"]],
    ]),
    [
      ["Toner cartridge HP 26A", "4", "89.00", "356.00"],
      ["Copy paper A4", "20", "4.25", "85.00"],
      ["Stapler, heavy duty", "12", "18.50", "222.00"],
    ],
  );
  // A discount column between the price and the total.
  const items = interpret([drawPage([
    [[40, "Office chair, mesh back"], [280, "6"], [330, "245.00"], [400, "10%"], [460, "1,323.00"]],
    [[40, "Desk 160x80 cm"], [280, "2"], [330, "310.00"], [400, "0%"], [460, "620.00"]],
  ])]).items;
  assert.deepEqual(items.map((i) => [i.name, i.quantity, i.unitPrice, i.discountPercent, i.totalPrice]), [
    ["Office chair, mesh back", "6", "245.00", "10", "1323.00"],
    ["Desk 160x80 cm", "2", "310.00", undefined, "620.00"],
  ]);
});

Deno.test("[ocr/table] right-aligned numbers past the end of left-aligned header words fall in their own columns", () => {
  // "Menge" and "Preis (EUR)" start their cells; the figures under them end at the cells' right edges.
  assert.deepEqual(
    read([
      [[46, "Art.-Nr."], [98, "Bezeichnung"], [297, "Einheit"], [347, "Menge"], [394, "Preis (EUR)"], [
        468,
        "Gesamt (EUR)",
      ]],
      [[46, "A-67572"], [98, "Bodenreiniger Konzentrat"], [297, "l"], [381, "8"], [441, "9,95"], [524, "79,60"]],
      [[46, "A-56765"], [98, "Anwenderschulung, halber Tag"], [297, "St."], [381, "1"], [429, "886,95"], [
        518,
        "886,95",
      ]],
      [[46, "A-91331"], [98, "Innenwandfarbe, weiß"], [297, "l"], [375, "12"], [435, "14,28"], [518, "171,36"]],
      [[46, "A-20061"], [98, "Hängeschrank, 4 Schübe"], [297, "Stk."], [381, "4"], [429, "283,00"], [
        506,
        "1.132,00",
      ]],
    ]),
    [
      ["Bodenreiniger Konzentrat", "8", "9.95", "79.60"],
      ["Anwenderschulung, halber Tag", "1", "886.95", "886.95"],
      ["Innenwandfarbe, weiß", "12", "14.28", "171.36"],
      ["Hängeschrank, 4 Schübe", "4", "283.00", "1132.00"],
    ],
  );
});

Deno.test("[ocr/table] 'Item | Description': the item column holds codes, not the start of every description", () => {
  assert.deepEqual(
    read([
      [[36, "Item"], [111, "Description"], [336, "Qty"], [379, "Unit Price"], [483, "Total"]],
      [[36, "218697"], [111, "Toilet paper, 3-ply"], [368, "9"], [447, "£10.82"], [528, "£97.38"]],
      [[36, "275999"], [111, "Data migration"], [368, "5"], [442, "£129.00"], [522, "£645.00"]],
    ]),
    [["Toilet paper, 3-ply", "9", "10.82", "97.38"], ["Data migration", "5", "129.00", "645.00"]],
  );
});

Deno.test("[ocr/table] a letter without a table header: '8 × £18.00  £144.00'", () => {
  assert.deepEqual(
    read([
      [[57, "We are pleased to offer the following:"]],
      [[60, "Interior wall paint, white"], [331, "8"], [347, "×"], [395, "£18.00"], [487, "£144.00"]],
      [[60, "Structured cabling works"], [323, "20"], [347, "×"], [395, "£65.50"], [475, "£1,310.00"]],
      [[410, "Total"], [475, "£1,454.00"]],
    ]),
    [["Interior wall paint, white", "8", "18.00", "144.00"], ["Structured cabling works", "20", "65.50", "1310.00"]],
  );
});

Deno.test("[ocr/table] a description that starts left of its header word, next to the position number", () => {
  assert.deepEqual(
    read([
      [[51, "Pos."], [148, "Bezeichnung"], [296, "Menge"], [356, "Einzelpreis"], [511, "Gesamt"]],
      [[46, "10"], [83, "Monitor 27 Zoll QHD"], [325, "3"], [380, "429,95"], [510, "1.289,85"]],
      [[46, "20"], [83, "Tonerkartusche HP 59A"], [313, "12"], [386, "90,41"], [510, "1.084,92"]],
    ]),
    [["Monitor 27 Zoll QHD", "3", "429.95", "1289.85"], ["Tonerkartusche HP 59A", "12", "90.41", "1084.92"]],
  );
});

Deno.test("[ocr/table] a long description running towards the quantity, and figures centred on a two-line description", () => {
  assert.deepEqual(
    read([
      [[46, "Artículo"], [368, "Cantidad"], [428, "Precio"], [484, "Total"]],
      [[46, "Bolsas de basura 120 l (rollo de 10 uds.)"], [409, "18"], [436, "€ 66,50"], [491, "€ 1.197,00"]],
      [[46, "Auriculares con cancelación de ruido"], [416, "8"], [436, "€ 83,50"], [502, "€ 668,00"]],
      { gap: 18, cells: [[46, "Rotuladores para pizarra blanca, colores surtidos"]] },
      { gap: 7, cells: [[409, "12"], [436, "€ 48,00"], [502, "€ 576,00"]] },
      { gap: 7, cells: [[46, "(paquete de 4 uds.)"]] },
      { gap: 18, cells: [[46, "Sal de deshielo (saco de 25 kg)"], [409, "64"], [436, "€ 18,00"], [491, "€ 1.152,00"]] },
    ]),
    [
      ["Bolsas de basura 120 l (rollo de 10 uds.)", "18", "66.50", "1197.00"],
      ["Auriculares con cancelación de ruido", "8", "83.50", "668.00"],
      ["Rotuladores para pizarra blanca, colores surtidos (paquete de 4 uds.)", "12", "48.00", "576.00"],
      ["Sal de deshielo (saco de 25 kg)", "64", "18.00", "1152.00"],
    ],
  );
});

Deno.test("[ocr/table] 'Prezzo/Unità' names the price by its first word; 'N.º' heads the line numbers", () => {
  assert.deepEqual(
    read([
      [[46, "Descrizione"], [318, "Prezzo/Unità"], [428, "Q.tà"], [471, "Importo"]],
      [[46, "Cavo di rete Cat 6, U/UTP"], [391, "€ 1,90"], [446, "266"], [506, "€ 505,40"]],
      [[46, "Sale antighiaccio"], [391, "€ 1,59"], [459, "3"], [519, "€ 4,77"]],
    ]),
    [["Cavo di rete Cat 6, U/UTP", "266", "1.90", "505.40"], ["Sale antighiaccio", "3", "1.59", "4.77"]],
  );
  assert.deepEqual(
    read([
      [[46, "N.º"], [70, "Descripción"], [315, "Cant."], [400, "Precio unitario"], [494, "Total"]],
      [[46, "9"], [70, "Bolsas de basura 120 l"], [327, "455"], [456, "5,90"], [496, "2.684,50"]],
      [[46, "10"], [70, "Papel higiénico, 3 capas"], [327, "100"], [450, "27,55"], [496, "2.755,00"]],
    ]),
    [["Bolsas de basura 120 l", "455", "5.90", "2684.50"], ["Papel higiénico, 3 capas", "100", "27.55", "2755.00"]],
  );
});

Deno.test("[ocr/table] services quoted by the hour: 'Servicio | Tarifa | Horas | Importe' is a header", () => {
  const got = interpret([drawPage([
    [[46, "Servicio"], [326, "Tarifa"], [404, "Horas"], [464, "Importe"]],
    [[46, "Montaje de mobiliario"], [360, "63,39 €"], [442, "6,5"], [506, "412,04 €"]],
    [[46, "Soporte remoto"], [360, "74,30 €"], [442, "7,5"], [506, "557,25 €"]],
  ])]);
  assert.ok(!got.warnings.includes("noTableHeader"), got.warnings.join());
  assert.deepEqual(got.items.map((i) => [i.name, i.quantity, i.unitPrice, i.totalPrice]), [
    ["Montaje de mobiliario", "6.5", "63.39", "412.04"],
    ["Soporte remoto", "7.5", "74.30", "557.25"],
  ]);
});

Deno.test("[ocr/table] a VAT % column and a gross column are read past: the item's figures are its net ones", () => {
  for (
    const head of [
      ["Description", "Qty", "Unit price", "VAT %", "Net", "Gross"],
      ["Bezeichnung", "Menge", "Einzelpreis", "MwSt %", "Netto", "Brutto"],
      ["Désignation", "Qté", "Prix unitaire", "TVA", "Montant HT", "Montant TTC"],
    ]
  ) {
    assert.deepEqual(
      read([
        [[40, head[0]], [230, head[1]], [280, head[2]], [360, head[3]], [410, head[4]], [480, head[5]]],
        [[40, "Office chair, mesh back"], [230, "6"], [280, "145.00"], [360, "20%"], [410, "870.00"], [
          480,
          "1,044.00",
        ]],
        [[40, "Desk lamp LED"], [230, "10"], [280, "22.50"], [360, "20%"], [410, "225.00"], [480, "270.00"]],
        { gap: 20, cells: [[280, "Total"], [410, "1,095.00"], [480, "1,314.00"]] },
      ]),
      [["Office chair, mesh back", "6", "145.00", "870.00"], ["Desk lamp LED", "10", "22.50", "225.00"]],
      head[0],
    );
  }
});

Deno.test("[ocr/table] items laid out as cards (name, then labelled figures under it) are read by their arithmetic", () => {
  assert.deepEqual(
    read([
      [[40, "QUOTATION"], [400, "No. Q-2025-118"]],
      { gap: 34, cells: [[40, "Conference chair, stackable"]] },
      { gap: 13, cells: [[40, "Black frame, grey fabric"]] },
      {
        gap: 13,
        cells: [[40, "Qty"], [80, "12"], [130, "pcs"], [200, "Unit price"], [270, "64.90"], [400, "Total"], [
          450,
          "778.80",
        ]],
      },
      { gap: 34, cells: [[40, "Folding table 180 x 75"]] },
      {
        gap: 13,
        cells: [[40, "Qty"], [80, "4"], [200, "Unit price"], [270, "149.00"], [400, "Total"], [450, "596.00"]],
      },
      { gap: 34, cells: [[300, "Subtotal"], [450, "1,374.80"]] },
      [[40, "Payment within 30 days; 2% discount if paid within 10 days. Valid for 60 days."]],
    ]),
    [["Conference chair, stackable Black frame, grey fabric", "12", "64.90", "778.80"], [
      "Folding table 180 x 75",
      "4",
      "149.00",
      "596.00",
    ]],
  );
});

Deno.test('[ocr/table] a column whose header word is unknown ("N.º" read as "N.2") left of the description is not part of it', () => {
  assert.deepEqual(
    read([
      [[40, "N.2"], [80, "Descripción"], [300, "Cant."], [360, "Precio"], [450, "Total"]],
      [[44, "sl"], [80, "Mesa regulable en altura"], [300, "2"], [360, "1.116,00"], [450, "2.232,00"]],
      [[44, "10"], [80, "Papel higiénico, 3 capas"], [300, "100"], [360, "27,55"], [450, "2.755,00"]],
    ]),
    [["Mesa regulable en altura", "2", "1116.00", "2232.00"], ["Papel higiénico, 3 capas", "100", "27.55", "2755.00"]],
  );
});

Deno.test("[ocr/table] a unit column the header reading missed, and a sidebar beside the table, stay out of the names", () => {
  assert.deepEqual(
    read([
      [[40, "Bezeichnung"], [250, "inhei"], [330, "Menge"], [390, "Preis"], [460, "Gesamt"], [530, "KUNDE"]],
      [[40, "Projektmanagement"], [250, "Std."], [330, "8"], [390, "93,95"], [460, "751,60"]],
      [[530, "DATUM"]],
      [[40, "Kugelschreiber blau"], [250, "Stk."], [330, "51"], [390, "1,54"], [460, "78,54"]],
      [[530, "GÜLTIG BIS"]],
    ]),
    [["Projektmanagement", "8", "93.95", "751.60"], ["Kugelschreiber blau", "51", "1.54", "78.54"]],
  );
});

Deno.test('[ocr/table] thousands grouped by a space ("7 329,00") do not count as a column: "… 120 x 90 cm" keeps its "cm"', () => {
  // Right-aligned figures: "7" and "18" of the thousands stand at an edge of their own.
  assert.deepEqual(
    read([
      [[40, "Réf."], [108, "Désignation"], [370, "Qté"], [402, "P.U. HT"], [465, "Montant HT"]],
      [[40, "FA-1321"], [108, "Peinture murale intérieure, blanche"], [383, "33"], [426, "7,01"], [510, "231,33"]],
      [[40, "FU-1025"], [108, "Tableau blanc magnétique 120 x 90 cm"], [383, "21"], [414, "349,00"], [498, "7 329,00"]],
      [[40, "IT-0729"], [108, "Câble réseau Cat 6, U/UTP"], [389, "3"], [426, "1,95"], [522, "5,85"]],
      [[40, "SE-1580"], [108, "Formation des utilisateurs"], [383, "40"], [414, "458,99"], [492, "18 359,60"]],
    ]),
    [
      ["Peinture murale intérieure, blanche", "33", "7.01", "231.33"],
      ["Tableau blanc magnétique 120 x 90 cm", "21", "349.00", "7329.00"],
      ["Câble réseau Cat 6, U/UTP", "3", "1.95", "5.85"],
      ["Formation des utilisateurs", "40", "458.99", "18359.60"],
    ],
  );
});

Deno.test("[ocr/table] a sidebar's line between a row and its second line leaves the row open", () => {
  assert.deepEqual(
    read([
      [[37, "Artículo"], [247, "Cant."], [280, "Precio"], [331, "Total"], [417, "CLIENTE"]],
      [[37, "Soporte remoto"], [268, "4"], [280, "56,24 €"], [331, "224,96 €"], [417, "13/12/2025"]],
      [[37, "Contrato de mantenimiento anual,"], [268, "2"], [280, "9361,00 €"], [331, "18.722,00 €"]],
      { gap: 6, cells: [[417, "VÁLIDO HASTA"]] },
      { gap: 6, cells: [[37, "impresoras"]] },
      [[37, "Bolsas de basura 120 l"], [268, "1"], [280, "4,64 €"], [331, "4,64 €"], [417, "TOTAL"]],
    ]),
    [
      ["Soporte remoto", "4", "56.24", "224.96"],
      ["Contrato de mantenimiento anual, impresoras", "2", "9361.00", "18722.00"],
      ["Bolsas de basura 120 l", "1", "4.64", "4.64"],
    ],
  );
});

Deno.test('[ocr/table] a line broken after a hyphen ("MU-" over "PC1T0T") is joined without a space', () => {
  assert.deepEqual(
    read([
      [[40, "Description"], [300, "Qty"], [360, "Unit price"], [450, "Total"]],
      [[40, "Externe SSD 1 TB, Samsung T7, MU-"], [300, "92"], [360, "187.95"], [450, "17291.40"]],
      { gap: 12, cells: [[40, "PC1T0T"]] },
      [[40, "Anti-slip mat, 60 x 90 cm"], [300, "2"], [360, "24.50"], [450, "49.00"]],
    ]),
    [
      ["Externe SSD 1 TB, Samsung T7, MU-PC1T0T", "92", "187.95", "17291.40"],
      ["Anti-slip mat, 60 x 90 cm", "2", "24.50", "49.00"],
    ],
  );
});

Deno.test('[ocr/table] a "Variantes" table (alternatives offered) is no part of the quotation', () => {
  assert.deepEqual(
    read([
      [[46, "Désignation"], [329, "Qté"], [361, "Prix unitaire HT"], [477, "Total"]],
      [[46, "Onduleur 1500 VA"], [349, "5"], [437, "469,00"], [508, "2 345,00"]],
      [[46, "Papier toilette, 3 plis"], [343, "11"], [444, "10,48"], [517, "115,28"]],
      { gap: 24, cells: [[43, "Variantes"]] },
      [[46, "Désignation"], [288, "Qté"], [329, "Prix unitaire HT"], [477, "Total"]],
      [[46, "Stylo à bille bleu"], [317, "1"], [450, "1,42"], [529, "1,42"]],
      [[46, "Câble réseau Cat 6, U/UTP"], [310, "52"], [450, "0,62"], [523, "32,24"]],
      [[46, "Tube LED T8 150 cm"], [310, "18"], [444, "22,99"], [517, "413,82"]],
    ]),
    [["Onduleur 1500 VA", "5", "469.00", "2345.00"], ["Papier toilette, 3 plis", "11", "10.48", "115.28"]],
  );
});

Deno.test("[ocr/table] a footer printed on every page (address, tax and bank numbers, page number) is no item", () => {
  // Its figures fall in the table's columns: "812 345" under the quantity, "678" under the price.
  const footer = (n: number): DrawnLine => ({
    gap: 660,
    cells: [[40, "Hoffmann GmbH · Königstraße 42, Stuttgart · USt-IdNr. DE"], [389, "812 345"], [437, "678 · IBAN"], [
      491,
      "DE89 3704 0044",
    ], [560, `Seite ${n} /`]],
  });
  const head: DrawnLine = [[43, "Pos."], [74, "Art.-Nr."], [129, "Bezeichnung"], [376, "Menge"], [421, "Einzelpreis"], [
    491,
    "Gesamt",
  ]];
  const pages = [
    drawPage([
      head,
      [[43, "33"], [74, "5192.032"], [129, "Installation und Konfiguration"], [410, "4"], [445, "112,50"], [
        513,
        "450,00",
      ]],
      [[43, "34"], [74, "4867.057"], [129, "USB-C-Dockingstation"], [410, "6"], [445, "173,98"], [504, "1.043,88"]],
      footer(1),
    ], { page: 1 }),
    drawPage([
      head,
      [[43, "35"], [74, "5140.038"], [129, "Möbelmontage"], [410, "3"], [451, "79,35"], [513, "238,05"]],
      footer(2),
    ], { page: 2 }),
  ];
  assert.deepEqual(interpret(pages).items.map((i) => [i.name, i.quantity, i.unitPrice, i.totalPrice]), [
    ["Installation und Konfiguration", "4", "112.50", "450.00"],
    ["USB-C-Dockingstation", "6", "173.98", "1043.88"],
    ["Möbelmontage", "3", "79.35", "238.05"],
  ]);
});

Deno.test("[ocr/table] what a stamp leaves between rows and before a description (a few marks) is no part of an item", () => {
  assert.deepEqual(
    read([
      [[40, "#"], [70, "Item"], [300, "Qty"], [360, "Rate"], [450, "Amount"]],
      [[40, "1"], [70, "Floor cleaner concentrate"], [300, "1"], [360, "9.99"], [450, "9.99"]],
      { gap: 8, cells: [[230, "E"]] },
      { gap: 8, cells: [[40, "2"], [70, "Height-adjustable desk"], [300, "10"], [360, "546.53"], [450, "5,465.30"]] },
      { gap: 8, cells: [[190, "aos"], [215, "Y"]] },
      { gap: 8, cells: [[70, "Envelopes C4, self-seal"], [300, "5"], [360, "30.95"], [450, "154.75"]] },
    ]),
    [
      ["Floor cleaner concentrate", "1", "9.99", "9.99"],
      ["Height-adjustable desk", "10", "546.53", "5465.30"],
      ["Envelopes C4, self-seal", "5", "30.95", "154.75"],
    ],
  );
  // Without a line-number column: two marks before the name, apart from it, are dropped too.
  assert.deepEqual(
    read([
      [[70, "Item"], [300, "Qty"], [360, "Rate"], [450, "Amount"]],
      [[20, "1"], [32, "N"], [70, "Ergonomic office chair"], [300, "6"], [360, "193.00"], [450, "1,158.00"]],
    ]),
    [["Ergonomic office chair", "6", "193.00", "1158.00"]],
  );
});
