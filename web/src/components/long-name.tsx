import type { PointerEvent, ReactNode } from 'react';

/**
 * Gives a box its whole text as its `title` while the text is cut (wider or taller than the box), and
 * takes the title away when it is not: a name shown whole needs no tooltip repeating it.
 */
export function titleWhileCut(event: PointerEvent<HTMLElement>) {
  const box = event.currentTarget;
  const cut = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
  if (cut) box.title = box.textContent ?? '';
  else box.removeAttribute('title');
}

/**
 * A person's or a room's name, which may be one word of a hundred letters: broken anywhere rather than
 * widening its box (pushing a row's buttons aside or the page sideways on a phone), on at most `lines`
 * lines, cut with an ellipsis and then whole in its `title` (`styles.css`, `.gd-long-name`). Where the
 * name is the record's own (its detail), show it whole in a detail value instead.
 */
export function LongName({
  children,
  lines = 3,
  maxWidth,
  testId,
}: {
  children: ReactNode;
  lines?: number;
  /** The widest it is drawn, where nothing else holds its box (a table that scrolls sideways). */
  maxWidth?: string;
  testId?: string;
}) {
  return (
    <span
      className="gd-long-name"
      style={{ WebkitLineClamp: lines, maxWidth }}
      onPointerEnter={titleWhileCut}
      data-testid={testId}
    >
      {children}
    </span>
  );
}
