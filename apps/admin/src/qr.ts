import QRCode from 'qrcode';

/** A QR code as one SVG path, made in the page (no image request, no inline style): its size in modules and the path. */
export interface QrPath {
  size: number;
  d: string;
}

/** The dark modules of `text`'s QR code as a path of 1×1 squares, each row's runs merged. */
export function qrPath(text: string): QrPath {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = modules;
  const parts: string[] = [];
  for (let y = 0; y < size; y += 1) {
    let x = 0;
    while (x < size) {
      if (!data[y * size + x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < size && data[y * size + x]) x += 1;
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  }
  return { size, d: parts.join('') };
}
