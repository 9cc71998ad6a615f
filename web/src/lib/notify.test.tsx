import { MantineProvider } from '@mantine/core';
import { Notifications, notificationsStore } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissNotice, notifyError, notifySuccess, productNoticeId } from './notify';

const shown = () => {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map((n) => ({ id: n.id, message: n.message }));
};

describe("a report's refusal toast", () => {
  beforeEach(() => notificationsStore.setState((state) => ({ ...state, notifications: [], queue: [] })));

  it('is one toast per report, replaced by the next refusal and dismissed once resolved', () => {
    const id = productNoticeId(38);
    notifyError('Konečná zpráva nic neslibuje: …', 'Výsledek nelze uložit', { id });
    notifyError('1 neposouzený fenotyp.', 'Výsledek nelze uložit', { id });
    notifyError('Jiná chyba');
    expect(shown().filter((n) => n.id === id)).toEqual([{ id, message: '1 neposouzený fenotyp.' }]);
    dismissNotice(id);
    expect(shown().map((n) => n.message)).toEqual(['Jiná chyba']);
  });
});

describe("a toast's time on screen", () => {
  // Frames drawn by hand, at the times a test gives: a long gap between two is a page frozen meanwhile.
  let waiting: FrameRequestCallback[] = [];
  let clock = 0;
  const framesUntil = (end: number, every = 16) =>
    act(() => {
      for (clock += every; clock <= end; clock += every) {
        // The timers run as time passes, frozen page or not.
        vi.advanceTimersByTime(every);
        const due = waiting;
        waiting = [];
        for (const run of due) run(clock);
      }
      clock -= every;
    });
  const frozenUntil = (end: number) => framesUntil(end, end - clock);

  beforeEach(() => {
    notificationsStore.setState((state) => ({ ...state, notifications: [], queue: [] }));
    waiting = [];
    clock = 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => waiting.push(run));
    render(
      <MantineProvider env="test">
        <Notifications />
      </MantineProvider>,
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is its four seconds of drawn frames, however long the page froze between them', () => {
    act(() => notifySuccess('Šablona byla smazána.'));
    framesUntil(1_000);
    // A page busy for ten seconds (a long list refitted on a loaded machine): no more than a frame's worth.
    frozenUntil(11_000);
    framesUntil(13_800);
    expect(screen.getByText('Šablona byla smazána.')).toBeVisible();
    framesUntil(14_200);
    expect(shown()).toEqual([]);
  });

  it('counts afresh for a toast shown again under its id', () => {
    const id = productNoticeId(38);
    act(() => notifyError('Konečná zpráva nic neslibuje: …', 'Výsledek nelze uložit', { id }));
    framesUntil(6_000);
    act(() => notifyError('1 neposouzený fenotyp.', 'Výsledek nelze uložit', { id }));
    framesUntil(12_800);
    expect(screen.getByText('1 neposouzený fenotyp.')).toBeVisible();
    framesUntil(13_200);
    expect(shown()).toEqual([]);
  });
});
