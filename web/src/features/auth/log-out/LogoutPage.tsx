import { Flex, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/useAppDispatch.js';
import { signOut } from '../session/session-thunks.js';

/** Spec 2.3 screen 10: /logout signs out and goes to the login page. */
export function LogoutPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void dispatch(signOut()).then(() => navigate('/login', { replace: true }));
  }, [dispatch, navigate]);

  return (
    <Flex justify="center" style={{ padding: 64 }}>
      <Spin size="large" />
    </Flex>
  );
}
