import { detectUrgency, type UrgencyCategory } from './urgency-rules.js';

const categories = (message: string): UrgencyCategory[] => detectUrgency(message).matches.map((match) => match.category);

describe('detectUrgency: emergencies', () => {
  it.each<[string, UrgencyCategory]>([
    // English, with typos and SMS spelling
    ['I smell gas in the hallway', 'gas'],
    ['gas smel', 'gas'],
    ['huele mucho a gas en el pasillo', 'gas'],
    ['Có kẻ phá khóa cửa nhà tôi', 'break-in'],
    ['GAS SMELLL in kitchen!!!', 'gas'],
    ['smells like gas near unit 4', 'gas'],
    ['there is a gas leak', 'gas'],
    ['our CO detector is going off', 'carbon-monoxide'],
    ['carbon monoxide alarm', 'carbon-monoxide'],
    ['there is smoke coming from the laundry room', 'fire'],
    ['FIRE in building B', 'fire'],
    ['the fire alarm is going off and nobody knows why', 'fire'],
    ['sparks coming out of the outlet', 'fire'],
    ['the basement is flooded', 'flood'],
    ['bathroom floding pls help', 'flood'],
    ['water everywhere in the bathroom', 'flood'],
    ['water coming through the ceiling', 'flood'],
    ['my kitchen sink is leaking', 'flood'],
    ['pipe burst under the sink', 'flood'],
    ['no heat!!', 'no-heat'],
    ['no heet since last night', 'no-heat'],
    ['the heater is broken', 'no-heat'],
    ["heat isn't working and it's 30 degrees", 'no-heat'],
    ['furnace died', 'no-heat'],
    ['the heating system is broken and it is 5 degrees out', 'no-heat'],
    ['the heater in our bedroom stopped working', 'no-heat'],
    ['someone broke into my apartment', 'break-in'],
    ['I think there was a break-in at unit 3', 'break-in'],
    ['my door was forced open', 'break-in'],
    ['my neighbor fell down the stairs', 'injury'],
    ['I slipped and fell on the ice by the entrance', 'injury'],
    ['my son is bleeding, the railing cut him', 'injury'],
    ['exposed wires in the hallway', 'electrical'],
    ['my mom is stuck in the elevator', 'trapped'],
    ['EMERGENCY call me back', 'declared'],
    // Hazards an external evaluation found answered with another topic
    ['the outlet in the kitchen is sparking and I smell burning', 'electrical'],
    ['burning smell coming from the breaker panel', 'electrical'],
    ['the charger sparked and now there is a burnt rubber smell', 'electrical'],
    ['I think someone is inside my apartment, the door was open when I got home', 'break-in'],
    ['there is someone in our garage, we can hear them', 'break-in'],
    ['my daughter is trapped in the bathroom, the lock is jammed', 'trapped'],
    ["we're stuck in the elevator between floors 3 and 4", 'trapped'],
    ["my husband collapsed and he's not breathing right", 'medical'],
    ['sewage is coming up through the shower drain', 'sewage'],
    ['AC is out and it is 112 today, my grandma is 90', 'no-cooling'],
    ['the air conditioning stopped working and we have a newborn, it is so hot', 'no-cooling'],
    ['Hay chispas y olor a quemado en el enchufe de la cocina', 'electrical'],
    ['hay alguien dentro de mi apartamento', 'break-in'],
    ['mi mamá está atrapada en el elevador', 'trapped'],
    ['no funciona el aire acondicionado y mi bebé tiene mucho calor', 'no-cooling'],
    ['mi esposo se desmayó y no respira bien', 'medical'],
    ["the furnace won't kick on and it's 50 in here", 'no-heat'],
    ['I came home and I can hear someone moving around upstairs in my unit', 'break-in'],
    ['someone is breaking into the car next to mine in the garage', 'break-in'],
    ['help, there is water everywhere, a pipe broke in the basement', 'flood'],
    ['my toddler locked herself in the bedroom and is crying', 'trapped'],
    // Spanish
    ['huele a gas', 'gas'],
    ['hay olor a gas en la cocina', 'gas'],
    ['hay una fuga de agua en el baño', 'flood'],
    ['aiuda hay agua por todas partes se rompio un tubo en el sotano', 'flood'],
    ['la calefacción no funciona', 'no-heat'],
    ['no tenemos calefaccion', 'no-heat'],
    ['hay humo en el pasillo', 'fire'],
    ['entraron a robar anoche', 'break-in'],
    ['mi hijo se cayó y está sangrando', 'injury'],
    // German
    ['Es riecht nach Gas im Treppenhaus', 'gas'],
    ['Die Heizung geht nicht', 'no-heat'],
    ['Heizung kaputt!!', 'no-heat'],
    ['Wasserrohrbruch im Keller', 'flood'],
    ['Es brennt im Keller', 'fire'],
    ['Einbruch in unserer Wohnung', 'break-in'],
    ['Mein Nachbar ist verletzt', 'injury'],
    // French
    ["fuite d'eau", 'flood'],
    ['ça sent le gaz dans la cuisine', 'gas'],
    ['pas de chauffage depuis hier', 'no-heat'],
    ["il y a de la fumée dans l'escalier", 'fire'],
    ['nous avons été cambriolés', 'break-in'],
    ['mon appartement est inondé', 'flood'],
    // Portuguese
    ['cheiro de gás no corredor', 'gas'],
    ['tem um vazamento no banheiro', 'flood'],
    ['o aquecimento não funciona', 'no-heat'],
    ['tem fumaça na cozinha', 'fire'],
    ['arrombaram a minha porta', 'break-in'],
    ['ele caiu da escada e está ferido', 'injury'],
  ])('%s → %s', (message, category) => {
    const verdict = detectUrgency(message);
    expect(verdict.urgent).toBe(true);
    expect(categories(message)).toContain(category);
  });

  it('names the words that made it urgent', () => {
    expect(detectUrgency('Hi, I smell gas near the boiler room').matches).toEqual([{ category: 'gas', evidence: 'smel gas' }]);
  });

  it('a pipe that broke in the basement is a flood, not a break-in', () => {
    expect(categories('help, there is water everywhere, a pipe broke in the basement')).toEqual(['flood']);
  });

  it('a gas leak is gas, not a water leak, in every language', () => {
    expect(categories('there is a gas leak')).toEqual(['gas']);
    expect(categories('fuite de gaz!!')).toEqual(['gas']);
  });
});

describe('detectUrgency: near misses are not urgent', () => {
  it.each([
    // Decided: a question about a scheduled alarm test, a drill or an inspection is not an emergency.
    'the fire alarm test is scheduled?',
    'When is the fire drill this month?',
    'is the smoke detector inspection tomorrow?',
    // A chirping detector is a low battery, not a fire.
    'the smoke detector keeps beeping',
    'smoke alarm chirping, can someone change the battery?',
    'the smoke alarm in the hallway keeps chirping every minute, no smoke, just annoying',
    'my detector by the kitchen still chirping after I changed it',
    // A grill or a heater lit by choice.
    'can we fire it up on the patio tonight?',
    'ok to fire up the electric grill on my balcony?',
    'when is the gas bill due?',
    'is the gas stove included?',
    'is smoking allowed on the balcony?',
    'no smoking signs for the lobby?',
    'can we use the fireplace?',
    'how do I turn on the heat?',
    'the heat is too high in the gym',
    'I feel sick today, can we move the showing?',
    'can I break my lease early?',
    'brand new fridge please',
    'not urgent, but the door squeaks',
    'no es urgente, pero la puerta hace ruido',
    'When is trash day?',
    'Wann ist die Müllabfuhr?',
    'Où est le parking ?',
    'Quando é o dia do lixo?',
    'my rent will be late by two days sorry',
    'the leasing office phone?',
    // Hazard words in their house-rule sense
    'is smoking allowed on the patio?',
    'can I smoke on my balcony?',
    'Can we use a gas grill on the balcony?',
    '¿Se puede fumar en el balcón?',
    'are candles allowed in the units?',
    'I feel trapped in my lease, can I get out of it early?',
    'who sets up the electric account, me or you?',
    'can we use a charcoal grill on the deck or is that a fire hazard?',
    'the AC is not working, can someone look at it this week?',
    'Can we burn real firewood in the fireplace this weekend? The kids would love a real fire.',
    'may we light a small fire in the fire pit on the patio?',
    'my neighbor smokes on his balcony and the cigarette smoke comes in my window. isnt this a smoke free building?',
  ])('%s', (message) => {
    expect(detectUrgency(message)).toEqual({ urgent: false, matches: [] });
  });
});
