import { QRCodeSVG } from 'qrcode.react';

/** Quiet zone around the code, in modules: the four the QR standard asks for, so any scanner reads it. */
export const QR_MARGIN = 4;

/**
 * The QR code of a deposit address: encodes `text` (the answer's `qrText`, the address in the
 * chain's URI scheme where one exists). Level M, not raised to a higher level by qrcode.react's
 * `boostLevel`, so the code is the plain standard encoding the journeys check module by module.
 */
export function DepositQr({ text, label, size = 184 }: { text: string; label: string; size?: number }) {
  return (
    <QRCodeSVG
      value={text}
      size={size}
      level="M"
      boostLevel={false}
      marginSize={QR_MARGIN}
      bgColor="#ffffff"
      fgColor="#000000"
      role="img"
      aria-label={label}
      className="deposit-qr"
      data-testid="deposit-qr"
    />
  );
}
