import { baseLanguage, canonicalLanguage, detectLanguage } from './language-detector.js';

describe('detectLanguage', () => {
  it.each([
    ['When is trash day this week?', 'en'],
    ['plz call me asap about the rent', 'en'],
    ['my rent is late sorry', 'en'],
    ['the heater is broken again pls fix', 'en'],
    ['¿Cuándo pasa el camión de la basura?', 'es'],
    ['hay una fuga de agua en el baño', 'es'],
    ['ya pague la renta de este mes', 'es'],
    ['Es riecht nach Gas im Treppenhaus', 'de'],
    ['Die Heizung geht nicht', 'de'],
    ['Wann ist die Müllabfuhr?', 'de'],
    ["Bonjour, quand passe le camion poubelle ?", 'fr'],
    ["il y a une fuite d'eau dans la salle de bain", 'fr'],
    ['Quando é o dia do lixo?', 'pt'],
    ['Tem um vazamento de água no banheiro', 'pt'],
    ['Oi, posso ter gatos no apartamento? Quantos?', 'pt'],
    ['Oi, quantos carros posso estacionar?', 'pt'],
    ['Quanto custa a lavanderia?', 'pt'],
    ["C'è una perdita d'acqua in cucina", 'it'],
    ['厨房里有煤气味', 'zh'],
    ['Nhà tôi bị mất nước từ sáng', 'vi'],
    // An English loanword in a Spanish sentence whose commonest words Portuguese shares ("de", "está").
    ['El área de lavado de coche self-service está al norte del lote, junto con el edificio A.', 'es'],
  ])('%s → %s', (text, language) => {
    expect(detectLanguage(text)).toEqual({ language, source: 'detected' });
  });

  it.each(['ok', 'no heat!!', 'gas smel', 'Danke', 'thx!', '12', '', '!!!'])('a very short text (%s) falls back to English', (text) => {
    expect(detectLanguage(text)).toEqual({ language: 'en', source: 'fallback' });
  });

  it("falls back to the caller's fallback (the tenant's earlier language) rather than English when told", () => {
    expect(detectLanguage('Gracias!', { fallback: 'es' })).toEqual({ language: 'es', source: 'fallback' });
    expect(detectLanguage('ok', { fallback: 'pt-BR' })).toEqual({ language: 'pt-BR', source: 'fallback' });
  });

  it('chooses only among the languages it is given', () => {
    expect(detectLanguage('Die Heizung geht nicht', { languages: ['en', 'es'] }).language).not.toBe('de');
  });
});

describe('language tags', () => {
  it('are canonical BCP-47, English for anything that is not a tag', () => {
    expect(canonicalLanguage('EN')).toBe('en');
    expect(canonicalLanguage('es-mx')).toBe('es-MX');
    expect(canonicalLanguage('not a tag!')).toBe('en');
    expect(baseLanguage('pt-BR')).toBe('pt');
  });
});
