/**
 * A minimal PDF 1.4 writer for text documents (earnings statements): A4 pages, the standard
 * Helvetica fonts (no embedding needed), lines of text at given positions. Hand-rolled so the
 * server needs no PDF dependency; every reader opens it (xref offsets are exact).
 */

export interface PdfLine {
  text: string;
  x: number;
  /** from the top of the page, in points */
  y: number;
  size?: number;
  bold?: boolean;
}

const PAGE_W = 595;
const PAGE_H = 842;

/** PDF strings are Latin-1 in parentheses; escape the three specials, replace the rest. */
export function pdfText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\' || ch === '(' || ch === ')') out += `\\${ch}`;
    else if (ch === '\u2014' || ch === '\u2013') out += '-';
    else if (code >= 32 && code <= 126) out += ch;
    else if (code >= 160 && code <= 255) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += '?';
  }
  return out;
}

function pageContent(lines: PdfLine[]): string {
  return lines
    .map(
      (l) =>
        `BT /${l.bold ? 'F2' : 'F1'} ${l.size ?? 10} Tf ${l.x} ${PAGE_H - l.y} Td (${pdfText(l.text)}) Tj ET`,
    )
    .join('\n');
}

/** Builds the file: one content stream per page. */
export function buildPdf(pages: PdfLine[][], title: string): Buffer {
  const objects: string[] = [];
  const add = (body: string) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pagesObj = add('');
  const font = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  );
  const bold = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  );
  const info = add(`<< /Title (${pdfText(title)}) /Producer (Fanspace) >>`);
  const kids: number[] = [];
  for (const lines of pages.length ? pages : [[]]) {
    const content = pageContent(lines);
    const stream = add(
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    );
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 ${font} 0 R /F2 ${bold} 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Lays out rows of text top to bottom, starting a new page when one is full. */
export class PdfLayout {
  readonly pages: PdfLine[][] = [[]];
  private y = 60;

  line(text: string, options: { x?: number; size?: number; bold?: boolean; gap?: number } = {}) {
    this.row([{ text, x: options.x ?? 50, ...options }], options.gap ?? (options.size ?? 10) + 6);
  }

  /** Cells on one baseline; `gap` is the distance to the next row. */
  row(cells: Array<Omit<PdfLine, 'y'>>, gap = 15) {
    if (this.y + gap > PAGE_H - 50) {
      this.pages.push([]);
      this.y = 60;
    }
    for (const cell of cells) this.pages[this.pages.length - 1]!.push({ ...cell, y: this.y });
    this.y += gap;
  }
}
