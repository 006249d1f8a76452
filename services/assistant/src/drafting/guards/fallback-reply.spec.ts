import { findUnsupportedClaims } from './grounding-check.js';
import { detectLanguage, REPLY_LANGUAGES } from './language-detector.js';
import { fallbackReply, requestPassedOn } from './fallback-reply.js';
import { inventedPermissionsOrOffers } from './reply-checks.js';

describe('fallbackReply', () => {
  it.each([
    ['en', /property manager will get back to you/],
    ['es', /administrador de la propiedad se pondrá en contacto/],
    ['fr', /gestionnaire de l'immeuble vous répondra/],
    ['de', /Hausverwaltung meldet sich/],
    ['pt', /administrador do imóvel entrará em contato/],
  ])('%s: the manager will get back to the tenant, flagged for the manager', (language, text) => {
    const fallback = fallbackReply(language);
    expect(fallback).toEqual({ reply: expect.stringMatching(text), language, flaggedForManager: true });
  });

  it('keeps a regional tag and uses its language\'s text', () => {
    expect(fallbackReply('es-MX')).toEqual({ reply: fallbackReply('es').reply, language: 'es-MX', flaggedForManager: true });
  });

  it('answers in English for a language it has no text for, and says so', () => {
    expect(fallbackReply('tl')).toEqual({ reply: fallbackReply('en').reply, language: 'en', flaggedForManager: true });
    expect(fallbackReply('not a tag!').language).toBe('en');
  });

  it.each(REPLY_LANGUAGES)('%s: a distinct text, detected as its own language, that promises nothing it could not keep', (language) => {
    const { reply } = fallbackReply(language);
    expect(REPLY_LANGUAGES.filter((other) => fallbackReply(other).reply === reply)).toEqual([language]);
    expect(detectLanguage(reply).language).toBe(language);
    // No number, time, date, price, name or contact detail: nothing in it needs a source.
    expect(findUnsupportedClaims({ reply, sources: [], language }).filter((claim) => claim.kind !== 'promise')).toEqual([]);
  });
});

describe('requestPassedOn', () => {
  it.each(REPLY_LANGUAGES)('%s: a distinct text in its language that offers nothing but passing the request on', (language) => {
    const text = requestPassedOn(language);
    expect(REPLY_LANGUAGES.filter((other) => requestPassedOn(other) === text)).toEqual([language]);
    expect(detectLanguage(text).language).toBe(language);
    expect(inventedPermissionsOrOffers({ reply: text, sources: [], question: 'request' })).toEqual([]);
  });

  it('uses the base language of a regional tag, English for one it has no text for', () => {
    expect(requestPassedOn('es-MX')).toBe(requestPassedOn('es'));
    expect(requestPassedOn('tl')).toBe(requestPassedOn('en'));
  });
});
