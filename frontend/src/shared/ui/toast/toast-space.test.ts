import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepToastSpace, toastSpace } from './toast-space';

describe('the strip a bottom toast keeps', () => {
  it.each([
    { given: 'no toast', tops: [], height: 844, space: 0 },
    { given: 'a toast whose top is 90 px above the bottom', tops: [754], height: 844, space: 98 },
    { given: 'two toasts', tops: [700, 770.4], height: 844, space: 152 },
    { given: 'a toast taller than the screen', tops: [-20], height: 500, space: 528 },
  ])('given $given, then it is $space px', ({ tops, height, space }) => {
    expect(toastSpace(tops, height)).toBe(space);
  });
});

describe('keeping the strip', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    document.documentElement.style.removeProperty('--toast-space');
  });

  /** A bottom toast as antd draws it, its top `top` px from the top of a 768 px screen. */
  function showToast(layer: HTMLElement, top: number): HTMLElement {
    const notice = document.createElement('div');
    notice.className = 'ant-notification-notice';
    notice.getBoundingClientRect = () => ({ top, bottom: top + 80, height: 80, left: 8, right: 382, width: 374, x: 8, y: top }) as DOMRect;
    layer.querySelector('.ant-notification-bottom')?.appendChild(notice);
    return notice;
  }

  function layerWithContainer(): HTMLElement {
    const layer = document.createElement('div');
    layer.innerHTML =
      '<div class="ant-notification ant-notification-bottom"></div><div class="ant-notification ant-notification-topRight"></div>';
    document.body.appendChild(layer);
    return layer;
  }

  it('sets --toast-space while a bottom toast shows and clears it when the toast goes', async () => {
    vi.stubGlobal('innerHeight', 768);
    const layer = layerWithContainer();
    const stop = keepToastSpace(layer);
    const notice = showToast(layer, 680);
    await vi.waitFor(() => expect(document.documentElement.style.getPropertyValue('--toast-space')).toBe('96px'));
    notice.remove();
    await vi.waitFor(() => expect(document.documentElement.style.getPropertyValue('--toast-space')).toBe(''));
    stop();
    vi.unstubAllGlobals();
  });

  it('takes no strip for a toast at the top of the screen (the shop’s)', async () => {
    const layer = layerWithContainer();
    const stop = keepToastSpace(layer);
    const notice = document.createElement('div');
    notice.className = 'ant-notification-notice';
    notice.getBoundingClientRect = () => ({ top: 68, bottom: 148, height: 80 }) as DOMRect;
    layer.querySelector('.ant-notification-topRight')?.appendChild(notice);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.documentElement.style.getPropertyValue('--toast-space')).toBe('');
    stop();
  });

  it('brings the control the operator just used back into view when the strip would hide it', async () => {
    vi.stubGlobal('innerHeight', 768);
    const layer = layerWithContainer();
    const button = document.createElement('button');
    document.body.appendChild(button);
    button.getBoundingClientRect = () => ({ top: 700, bottom: 732, height: 32 }) as DOMRect;
    button.scrollIntoView = vi.fn();
    button.focus();
    const stop = keepToastSpace(layer);
    showToast(layer, 680);
    await vi.waitFor(() => expect(button.scrollIntoView).toHaveBeenCalledWith({ block: 'nearest' }));
    stop();
    vi.unstubAllGlobals();
  });

  it('leaves a control above the strip where it is', async () => {
    vi.stubGlobal('innerHeight', 768);
    const layer = layerWithContainer();
    const field = document.createElement('input');
    document.body.appendChild(field);
    field.getBoundingClientRect = () => ({ top: 300, bottom: 332, height: 32 }) as DOMRect;
    field.scrollIntoView = vi.fn();
    field.focus();
    const stop = keepToastSpace(layer);
    showToast(layer, 680);
    await vi.waitFor(() => expect(document.documentElement.style.getPropertyValue('--toast-space')).toBe('96px'));
    expect(field.scrollIntoView).not.toHaveBeenCalled();
    stop();
    vi.unstubAllGlobals();
  });
});
