// Shrinks a picked photo before upload to save mobile data: drawn upright on a canvas to fit
// KYC_PHOTO_MAX_SIDE² and encoded as JPEG (quality 0.85), which also drops its metadata. A browser that cannot
// decode the file (or has no canvas) sends it as it is: the server decides by its bytes.
import { KYC_PHOTO_MAX_SIDE } from '../../../contract/kyc.ts';

/** The longest side a shrunk photo keeps, and its size as drawn. */
export function fitInside(width: number, height: number, maxSide = KYC_PHOTO_MAX_SIDE) {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export async function shrinkPhoto(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const size = fitInside(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob ?? file;
  } catch {
    return file;
  }
}
