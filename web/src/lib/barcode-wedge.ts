import { useEffect, useRef } from 'react';

/**
 * A barcode scanner as a keyboard wedge "types" the code and Enter far faster than a person: a few ms
 * a character, where a person's fastest is about 100 ms. A scan is keys `wedgeGapMs` apart on average;
 * a single gap up to `wedgePauseMs` (a busy browser, the scanner's first key) does not break it.
 */
export const wedgeGapMs = 50;
export const wedgePauseMs = 300;

/** A kit barcode as printed on its label: GD and eight digits (`contract/src/barcodes.ts`). */
const kitBarcode = /^GD\d{8}$/;

/** Whether a key event is typing into something: a scan there is the field's own input. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement)
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(
      target.type,
    );
  return target.getAttribute('role') === 'textbox';
}

/**
 * Recognises a scan in a stream of keys: printable characters each within `wedgeGapMs` of the last,
 * then Enter, spelling a kit barcode. Anything else (a person typing, a shortcut) resets it.
 */
export class WedgeReader {
  private buffer = '';
  private first = 0;
  private last = Number.NEGATIVE_INFINITY;

  /** Feeds one key; answers the barcode when this Enter ends a scan. */
  key(key: string, at: number): string | undefined {
    // A scanner presses Shift for the capitals, as a keyboard would.
    if (key === 'Shift' || key === 'CapsLock') return undefined;
    const continued = at - this.last <= wedgePauseMs;
    this.last = at;
    if (key === 'Enter') {
      const code = continued ? this.buffer.toUpperCase() : '';
      const fast = at - this.first <= this.buffer.length * wedgeGapMs;
      this.buffer = '';
      return fast && kitBarcode.test(code) ? code : undefined;
    }
    if (key.length !== 1) {
      this.buffer = '';
      return undefined;
    }
    if (!continued || !this.buffer) {
      this.buffer = '';
      this.first = at;
    }
    this.buffer += key;
    return undefined;
  }
}

type ScanHandler = (barcode: string) => void;

/**
 * Who takes a scan: the screen that claimed scans last (a work list's scan field), else the app's
 * default (open the sample). A claim ends when its screen unmounts.
 */
const claims: ScanHandler[] = [];

/** A screen takes every scan while it is shown (the work lists' runs of scans). */
export function useScanClaim(handler: ScanHandler) {
  const current = useRef(handler);
  current.current = handler;
  useEffect(() => {
    const claim: ScanHandler = (barcode) => current.current(barcode);
    claims.push(claim);
    return () => {
      claims.splice(claims.indexOf(claim), 1);
    };
  }, []);
}

/**
 * Listens for scans on the whole page, outside fields (a scan into a field is that field's text):
 * the screen that claimed scans gets it, else `fallback`. The keys of a recognised scan's Enter do
 * nothing else (a focused button or row is not activated).
 */
export function useBarcodeWedge(fallback: ScanHandler) {
  const current = useRef(fallback);
  current.current = fallback;
  useEffect(() => {
    const reader = new WedgeReader();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return;
      if (isTyping(event.target)) return;
      const barcode = reader.key(event.key, event.timeStamp);
      if (!barcode) return;
      event.preventDefault();
      event.stopPropagation();
      (claims.at(-1) ?? current.current)(barcode);
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, []);
}
