// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { AppNotification } from '@saathi/contract';
import { groupNotifications } from './groupNotifications';

function item(id: string, createdAt: Date): AppNotification {
  return {
    _id: id,
    kind: 'follow',
    actor: null,
    post: null,
    notice: null,
    text: null,
    link: null,
    createdAt: createdAt.toISOString(),
    read: false,
  };
}

describe('groupNotifications', () => {
  const now = new Date(2025, 2, 5, 10, 0);

  it('puts rows under Today, Yesterday and Earlier by calendar day, keeping their order', () => {
    const groups = groupNotifications(
      [
        item('a', new Date(2025, 2, 5, 9, 0)),
        item('b', new Date(2025, 2, 5, 0, 1)),
        item('c', new Date(2025, 2, 4, 23, 59)),
        item('d', new Date(2025, 2, 4, 0, 0)),
        item('e', new Date(2025, 2, 3, 23, 59)),
      ],
      now,
    );
    expect(groups.map((g) => [g.key, g.items.map((i) => i._id)])).toEqual([
      ['today', ['a', 'b']],
      ['yesterday', ['c', 'd']],
      ['earlier', ['e']],
    ]);
  });

  it('leaves out empty groups', () => {
    const groups = groupNotifications([item('e', new Date(2024, 0, 1))], now);
    expect(groups.map((g) => g.key)).toEqual(['earlier']);
    expect(groupNotifications([], now)).toEqual([]);
  });
});
