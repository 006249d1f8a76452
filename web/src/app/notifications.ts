import type { AppProps } from 'antd';

/**
 * Spec 000 §9: "Notifications: at most 5, top right." Every toast of the app is an antd notification (`App.useApp()`'s
 * `notification`, never its centred `message`), so this one setting holds for all of them: a sixth pushes the oldest out.
 */
export const notificationConfig = { maxCount: 5, placement: 'topRight' } as const satisfies AppProps['notification'];
