import { Flex, Spin } from 'antd';
import { Outlet, useNavigation } from 'react-router';
import './route-loading.css';

/**
 * What the first load shows while the opened page's code arrives (every page is a lazy route, so the router waits for
 * its chunk before the first render).
 */
export function PageLoading() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: '60vh' }}>
      <Spin size="large" description="Loading…" />
    </Flex>
  );
}

/**
 * The root layout: while a navigation waits for the next page's code, the current page stays and a bar at the top says
 * that something is on its way (a click on a link would otherwise seem to do nothing on a slow connection).
 */
export function RouteLoadingLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? <div className="route-loading-bar" role="progressbar" aria-label="Loading page" /> : null}
      <Outlet />
    </>
  );
}
