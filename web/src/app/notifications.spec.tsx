import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App, Button } from 'antd';
import { renderRoutes } from '../../test/render-routes.js';

function SevenToasts() {
  const { notification } = App.useApp();
  return <Button onClick={() => Array.from({ length: 7 }, (_, index) => notification.error({ title: `Toast ${index + 1}` }))}>Fail seven times</Button>;
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });

describe('notifications (spec 000 §9: at most 5, top right)', () => {
  it('shows the five latest of seven toasts, in the top right corner', async () => {
    renderRoutes([{ path: '/', element: <SevenToasts /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Fail seven times' }));

    await waitFor(() => expect(screen.queryByText('Toast 7')).not.toBeNull());
    await waitFor(() => expect(document.querySelectorAll('.ant-notification-notice-wrapper').length).toBe(5));
    expect(screen.queryByText('Toast 1')).toBeNull();
    expect(screen.queryByText('Toast 2')).toBeNull();
    expect(screen.getByText('Toast 3')).toBeTruthy();
    expect(document.querySelector('.ant-notification-topRight')?.contains(screen.getByText('Toast 7'))).toBe(true);
  });

  it("is the app's only kind of toast: no screen shows antd's centred message", () => {
    const webSrc = join(import.meta.dirname, '..');
    const usesMessage = sourceFiles(webSrc)
      .filter((path) => /\{[^}]*\bmessage\b[^}]*\}\s*=\s*App\.useApp\(\)|App\.useApp\(\)\.message/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(webSrc, path));
    expect(usesMessage).toEqual([]);
  });
});
