// The camera button: shown only on devices that report a camera; its pictures go to the uploader.
export async function offerCamera(
  container: HTMLElement | null,
  add: (files: File[]) => void,
): Promise<void> {
  if (!container || !navigator.mediaDevices?.enumerateDevices) return;
  try {
    const devices = await navigator.mediaDevices.enumerateDevices();
    if (!devices.some((device) => device.kind === 'videoinput')) return;
  } catch {
    return;
  }
  const input = container.querySelector('input');
  if (!input) return;
  input.addEventListener('change', () => {
    if (input.files?.length) add([...input.files]);
    input.value = '';
  });
  container.hidden = false;
}
