import { jest } from '@jest/globals';

// A browser journey clicks through several screens and waits on e-mail: minutes, not jest's default 5 s.
jest.setTimeout(180_000);
