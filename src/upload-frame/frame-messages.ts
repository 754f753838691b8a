// Tells the embedding page what happened, only ever to the origin it named in `parent_origin`.
export type FrameMessage =
  | { type: 'gallery-frame-ready'; fid: string }
  | { type: 'gallery-upload-success'; fid: string; rid: string }
  | { type: 'gallery-item-updated'; fid: string; rid: string }
  | { type: 'gallery-item-removed'; fid: string; rid: string }
  | { type: 'gallery-items-reordered'; fid: string; rids: string[] }
  | { type: 'gallery-frame-resize'; height: number };

export class FrameMessenger {
  constructor(
    private readonly parentOrigin: string | null,
    private readonly target: Window | null = window.parent === window ? null : window.parent,
  ) {}

  post(message: FrameMessage): void {
    // Without a named origin nothing is sent: a wildcard would leak rids to whatever page framed us.
    if (!this.parentOrigin || !this.target) return;
    this.target.postMessage(message, this.parentOrigin);
  }
}
