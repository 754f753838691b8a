// <upload-frame-items>: the visitor's own uploads in the frame: edit caption and description, reorder
// by drag or by the move buttons (keyboard), remove from the gallery.
import { html, LitElement } from 'lit';
import { ApiError } from '../api/errors.ts';
import { defineElement } from '../elements/shared/define-element.ts';
import { LatestTask } from '../elements/shared/latest-task.ts';
import { LocalizeController, type Values } from '../elements/shared/localize-controller.ts';
import type { FrameApi, FrameItem } from './frame-api.ts';
import { frameItemsStyles } from './frame-items.styles.ts';
import type { FrameMessenger } from './frame-messages.ts';
import { moved, positionFor } from './frame-order.ts';
import { en, type FrameStrings } from './locales/en.ts';
import { loaders } from './locales/index.ts';
import { ThumbnailWatch } from './thumbnail-watch.ts';

type Status = [key: 'empty' | 'saved' | 'orderSaved' | 'removed' | 'failed' | 'unreachable', values?: Values];

export class UploadFrameItems extends LitElement {
  static override styles = frameItemsStyles;

  static override properties = {
    locale: {},
    items: { state: true },
    status: { state: true },
    failed: { state: true },
    dragging: { state: true },
    dropTarget: { state: true },
  };

  /** Language of the list's words (`en`, `de`, `fr`); default: the page's `lang`. */
  declare locale: string | undefined;
  declare items: FrameItem[];
  /** The status line as a word and its values, worded at render: a language arriving later rewords it. */
  declare status: Status | undefined;
  declare failed: boolean;
  declare dragging: string | null;
  declare dropTarget: string | null;

  api?: FrameApi;
  messenger?: FrameMessenger;
  /** Rids uploaded with this frame's token: the only items it shows and may change. */
  readonly own = new Set<string>();
  /** The whole gallery order, others' items included: positions are computed on it. */
  private order: string[] = [];
  private readonly localize = new LocalizeController<FrameStrings>(this, en, loaders);
  /** The list's lookup: a reload under way gives way to a newer one (an upload landed meanwhile). */
  private readonly loading = new LatestTask(this, {
    task: ([api]: readonly [FrameApi], signal) => api.allItems(signal),
    onComplete: (all) => {
      this.order = all.map((item) => item.rid);
      this.items = all.filter((item) => this.own.has(item.rid));
      this.report(this.items.length ? undefined : ['empty']);
      this.thumbnails.restart();
    },
    onError: (error) => this.report(this.messageOf(error), true),
  });
  /** Fills in the thumbnails of new uploads as the server makes them, without a reload of the page. */
  private readonly thumbnails = new ThumbnailWatch(this, {
    read: (signal) => this.api?.allItems(signal) ?? Promise.resolve([]),
    shown: () => this.items,
    arrived: (fresh) => {
      // Only the pictures change: what the visitor is typing and the status line stay as they are.
      let changed = false;
      const items = this.items.map((item) => {
        const found = fresh.get(item.rid);
        if (!found || item.thumbnail?.url) return item;
        changed = true;
        return { ...item, thumbnail: found.thumbnail, versions: found.versions };
      });
      if (changed) this.items = items;
    },
  });

  constructor() {
    super();
    this.items = [];
    this.status = undefined;
    this.failed = false;
    this.dragging = null;
    this.dropTarget = null;
  }

  /** Reloads the list from the server (after an upload, or at start). */
  async reload(): Promise<void> {
    if (this.api) await this.loading.run([this.api]);
  }

  addOwn(rid: string): void {
    this.own.add(rid);
  }

  private report(status: Status | undefined, failed = false): void {
    this.status = status;
    this.failed = failed;
  }

  private async save(item: FrameItem, form: HTMLFormElement): Promise<void> {
    if (!this.api) return;
    const data = new FormData(form);
    const caption = String(data.get('caption') ?? '');
    const description = String(data.get('description') ?? '');
    try {
      await this.api.setMeta(item.rid, { caption, description });
      this.items = this.items.map((each) =>
        each.rid === item.rid ? { ...each, caption, description } : each,
      );
      this.report(['saved', { name: item.filename }]);
      this.messenger?.post({ type: 'gallery-item-updated', fid: this.api.fid, rid: item.rid });
    } catch (error) {
      this.report(this.messageOf(error), true);
    }
  }

  /** Moves `rid` to where `target` (another own item) is. */
  private async moveTo(rid: string, target: string): Promise<void> {
    const position = positionFor(this.order, rid, target);
    if (!this.api || position === undefined) return;
    try {
      await this.api.move(rid, position);
      this.order = moved(this.order, rid, position);
      const byRid = new Map(this.items.map((item) => [item.rid, item]));
      this.items = this.order.flatMap((each) => byRid.get(each) ?? []);
      this.report(['orderSaved']);
      this.messenger?.post({ type: 'gallery-items-reordered', fid: this.api.fid, rids: [...this.order] });
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>(`li[data-rid="${CSS.escape(rid)}"]`)?.focus();
    } catch (error) {
      this.report(this.messageOf(error), true);
    }
  }

  private moveBy(rid: string, step: -1 | 1): void {
    const index = this.items.findIndex((item) => item.rid === rid);
    const target = this.items[index + step];
    if (index >= 0 && target) void this.moveTo(rid, target.rid);
  }

  private async removeItem(item: FrameItem): Promise<void> {
    if (!this.api) return;
    try {
      await this.api.remove(item.rid);
      this.own.delete(item.rid);
      this.order = this.order.filter((rid) => rid !== item.rid);
      this.items = this.items.filter((each) => each.rid !== item.rid);
      this.report(['removed', { name: item.filename }]);
      this.messenger?.post({ type: 'gallery-item-removed', fid: this.api.fid, rid: item.rid });
    } catch (error) {
      this.report(this.messageOf(error), true);
    }
  }

  private messageOf(error: unknown): Status {
    if (error instanceof ApiError) return ['failed', { message: error.message }];
    return ['unreachable'];
  }

  private onKey(event: KeyboardEvent, rid: string): void {
    // Alt+arrows on a focused row move it, as in sortable lists of Material and Shoelace.
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    this.moveBy(rid, event.key === 'ArrowUp' ? -1 : 1);
  }

  private onDrop(event: DragEvent, target: string): void {
    event.preventDefault();
    const rid = this.dragging;
    this.dragging = null;
    this.dropTarget = null;
    if (rid && rid !== target) void this.moveTo(rid, target);
  }

  override render() {
    return html`
      <ol aria-label=${this.localize.term('list')}>
        ${this.items.map((item, index) => this.renderItem(item, index))}
      </ol>
      <p class="status ${this.failed ? 'error' : ''}" role="status" aria-live="polite">${
        this.status ? this.localize.term(...this.status) : ''
      }</p>
    `;
  }

  private renderItem(item: FrameItem, index: number) {
    const t = this.localize;
    const label = item.caption || item.filename;
    const classes = [
      this.dragging === item.rid ? 'dragging' : '',
      this.dropTarget === item.rid ? 'drop-target' : '',
    ]
      .join(' ')
      .trim();
    return html`
      <li
        data-rid=${item.rid}
        class=${classes}
        tabindex="-1"
        draggable="true"
        aria-label=${t.term('position', { label, index: index + 1, count: this.items.length })}
        @keydown=${(event: KeyboardEvent) => this.onKey(event, item.rid)}
        @dragstart=${(event: DragEvent) => {
          this.dragging = item.rid;
          event.dataTransfer?.setData('text/plain', item.rid);
        }}
        @dragend=${() => {
          this.dragging = null;
          this.dropTarget = null;
        }}
        @dragover=${(event: DragEvent) => {
          event.preventDefault();
          this.dropTarget = item.rid;
        }}
        @drop=${(event: DragEvent) => this.onDrop(event, item.rid)}
      >
        ${
          item.thumbnail?.url
            ? html`<img class="thumb" src=${item.thumbnail.url} alt="" width="72" height="54" />`
            : html`<span class="thumb" aria-hidden="true"></span>`
        }
        <span class="name">${item.filename}</span>
        <form
          class="fields"
          @submit=${(event: SubmitEvent) => {
            event.preventDefault();
            void this.save(item, event.currentTarget as HTMLFormElement);
          }}
        >
          <label>${t.term('caption')} <input name="caption" maxlength="255" .value=${item.caption ?? ''} /></label>
          <label>${t.term('description')} <textarea name="description" rows="2" .value=${item.description ?? ''}></textarea></label>
          <div class="actions">
            <button type="submit" part="save">${t.term('save')}</button>
            <button
              type="button"
              aria-label=${t.term('moveUp', { label })}
              ?disabled=${index === 0}
              @click=${() => this.moveBy(item.rid, -1)}
            >
              ↑
            </button>
            <button
              type="button"
              aria-label=${t.term('moveDown', { label })}
              ?disabled=${index === this.items.length - 1}
              @click=${() => this.moveBy(item.rid, 1)}
            >
              ↓
            </button>
            <button type="button" aria-label=${t.term('removeLabel', { label })} @click=${() => this.removeItem(item)}>
              ${t.term('remove')}
            </button>
          </div>
        </form>
      </li>
    `;
  }
}

defineElement('upload-frame-items', UploadFrameItems);

declare global {
  interface HTMLElementTagNameMap {
    'upload-frame-items': UploadFrameItems;
  }
}
