import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** The option titled `title` in an antd list that is open; a list drawn but closed ignores pointers. */
function openOption(title: string): HTMLElement | undefined {
  return screen.queryAllByTitle(title).find((option) => {
    const list = option.closest<HTMLElement>('.ant-select-dropdown');
    return list !== null && list.style.pointerEvents !== 'none';
  });
}

/**
 * Picks `title` from an antd Select. The list is opened (again, if something closed it while a busy
 * machine was still drawing the dialog) until the option shows in an open list, and only then clicked.
 */
export async function chooseOption(user: UserEvent, combobox: HTMLElement, title: string): Promise<void> {
  await waitFor(async () => {
    if (combobox.getAttribute('aria-expanded') !== 'true') await user.click(combobox);
    expect(openOption(title)).toBeDefined();
  });
  const option = openOption(title);
  if (option === undefined) throw new Error(`The option ${title} closed before it could be chosen`);
  await user.click(option);
}
