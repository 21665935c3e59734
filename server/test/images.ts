import sharp from 'sharp';

/** Test images made on the fly with sharp, so no binary fixtures live in the repository. */

export function solidImage(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 60, b: 90 } } });
}

/** A JPEG that carries EXIF with GPS coordinates and a camera orientation. */
export function jpegWithGps(width = 800, height = 600): Promise<Buffer> {
  return solidImage(width, height)
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Leaky 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();
}

export function pngImage(width = 64, height = 64): Promise<Buffer> {
  return solidImage(width, height).png().toBuffer();
}

export function dataUrl(bytes: Buffer, mime = 'image/jpeg'): string {
  return `data:${mime};base64,${bytes.toString('base64')}`;
}

/** A multipart/form-data body with one file per field, ready for `app.inject`. */
export async function multipartBody(
  files: Record<string, Buffer>,
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, bytes] of Object.entries(files))
    form.append(name, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${name}.jpg`);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}
