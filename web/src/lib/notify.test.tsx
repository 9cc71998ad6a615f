import { notificationsStore } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { dismissNotice, notifyError, productNoticeId } from './notify';

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
