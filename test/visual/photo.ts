// Photo-like PNGs drawn on a canvas for the visual tests: the same bytes on every run on one machine.

/** A diagonal gradient from a light to a dark shade, `hue` in degrees. */
export async function photo(name: string, width: number, height: number, hue: number): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  const gradient = context.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, `hsl(${hue} 70% 65%)`);
  gradient.addColorStop(1, `hsl(${hue + 40} 60% 30%)`);
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), 'image/png'));
  return new File([blob], name, { type: 'image/png' });
}
