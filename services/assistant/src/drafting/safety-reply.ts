import type { UrgencyCategory } from '@pm/tenant-triage';
import { foldText } from '@pm/tenant-triage';
import type { RetrievedItem } from '../retrieval/knowledge-index.js';
import { replyLanguageOf, type ReplyLanguage } from './guards/language-detector.js';

/**
 * What an urgent reply leads with, whatever else it says: the safety step for the hazard, written here in every reply
 * language (never by the model, never found by retrieval), then who to call, from the location's own knowledge. An
 * electrical hazard answered with the smoking policy, a possible intruder with the lockout procedure: both happened
 * when the reply was left to retrieval and the model.
 */
type Step = Record<ReplyLanguage, string>;

const STEPS: Record<Exclude<UrgencyCategory, 'declared'>, Step> = {
  gas: {
    en: 'Leave the building now without using light switches, phones or flames inside, and call 911 from outside.',
    es: 'Salga del edificio ahora sin usar interruptores, teléfonos ni llamas adentro, y llame al 911 desde afuera.',
    fr: "Quittez le bâtiment maintenant sans utiliser d'interrupteur, de téléphone ni de flamme à l'intérieur, et appelez le 911 depuis l'extérieur.",
    de: 'Verlassen Sie sofort das Gebäude, ohne drinnen Lichtschalter, Telefone oder offenes Feuer zu benutzen, und rufen Sie draußen 911 an.',
    pt: 'Saia do prédio agora sem usar interruptores, telefones ou chamas lá dentro e ligue para o 911 do lado de fora.',
    it: "Uscite subito dall'edificio senza usare interruttori, telefoni o fiamme all'interno e chiamate il 911 da fuori.",
    zh: '请立即离开大楼,不要在室内使用电灯开关、电话或明火,到室外后拨打911。',
    vi: 'Hãy rời khỏi tòa nhà ngay, không dùng công tắc đèn, điện thoại hay lửa bên trong, và gọi 911 từ bên ngoài.',
  },
  'carbon-monoxide': {
    en: 'Get everyone out into fresh air now and call 911.',
    es: 'Salgan todos al aire libre ahora y llame al 911.',
    fr: "Sortez tous à l'air libre maintenant et appelez le 911.",
    de: 'Bringen Sie sofort alle an die frische Luft und rufen Sie 911 an.',
    pt: 'Levem todos para o ar livre agora e liguem para o 911.',
    it: "Portate subito tutti all'aria aperta e chiamate il 911.",
    zh: '请立即让所有人到室外呼吸新鲜空气,并拨打911。',
    vi: 'Hãy đưa mọi người ra chỗ thoáng khí ngay và gọi 911.',
  },
  fire: {
    en: 'If there is smoke or fire, leave the building now and call 911.',
    es: 'Si hay humo o fuego, salga del edificio ahora y llame al 911.',
    fr: "S'il y a de la fumée ou du feu, quittez le bâtiment maintenant et appelez le 911.",
    de: 'Wenn es Rauch oder Feuer gibt, verlassen Sie sofort das Gebäude und rufen Sie 911 an.',
    pt: 'Se houver fumaça ou fogo, saia do prédio agora e ligue para o 911.',
    it: "Se c'è fumo o fuoco, uscite subito dall'edificio e chiamate il 911.",
    zh: '如有烟雾或火情,请立即离开大楼并拨打911。',
    vi: 'Nếu có khói hoặc lửa, hãy rời khỏi tòa nhà ngay và gọi 911.',
  },
  electrical: {
    en: 'Stay away from the outlet, wires or panel and do not touch them; if you see smoke or flames, leave and call 911.',
    es: 'Aléjese del enchufe, los cables o el panel y no los toque; si ve humo o llamas, salga y llame al 911.',
    fr: "Éloignez-vous de la prise, des fils ou du tableau et n'y touchez pas ; si vous voyez de la fumée ou des flammes, sortez et appelez le 911.",
    de: 'Halten Sie Abstand von Steckdose, Kabeln oder Sicherungskasten und berühren Sie sie nicht; wenn Sie Rauch oder Flammen sehen, gehen Sie hinaus und rufen Sie 911 an.',
    pt: 'Fique longe da tomada, dos fios ou do quadro e não toque neles; se vir fumaça ou chamas, saia e ligue para o 911.',
    it: 'State lontani dalla presa, dai fili o dal quadro e non toccateli; se vedete fumo o fiamme, uscite e chiamate il 911.',
    zh: '请远离插座、电线或电箱,不要触碰;如看到烟雾或火焰,请离开并拨打911。',
    vi: 'Hãy tránh xa ổ cắm, dây điện hoặc tủ điện và không chạm vào; nếu thấy khói hoặc lửa, hãy ra ngoài và gọi 911.',
  },
  flood: {
    en: 'If you can do it safely, shut off the water valve, and keep away from outlets and appliances near the water.',
    es: 'Si puede hacerlo sin peligro, cierre la llave de paso del agua y manténgase lejos de enchufes y aparatos cerca del agua.',
    fr: "Si vous pouvez le faire sans danger, fermez la vanne d'eau et tenez-vous loin des prises et des appareils près de l'eau.",
    de: 'Wenn es gefahrlos geht, drehen Sie das Wasserventil zu und halten Sie Abstand von Steckdosen und Geräten in der Nähe des Wassers.',
    pt: 'Se puder fazer isso com segurança, feche o registro de água e fique longe de tomadas e aparelhos perto da água.',
    it: "Se potete farlo in sicurezza, chiudete la valvola dell'acqua e state lontani da prese ed elettrodomestici vicino all'acqua.",
    zh: '如能安全操作,请关闭水阀,并远离靠近水的插座和电器。',
    vi: 'Nếu có thể làm an toàn, hãy khóa van nước và tránh xa ổ cắm, thiết bị điện gần chỗ nước.',
  },
  sewage: {
    en: 'Stay away from the sewage, keep children and pets out of the area, and do not use the sinks, toilets or drains.',
    es: 'Manténgase lejos de las aguas negras, no deje que niños ni mascotas entren en el área y no use lavabos, inodoros ni desagües.',
    fr: "Tenez-vous loin des eaux usées, éloignez enfants et animaux de la zone et n'utilisez ni éviers, ni toilettes, ni évacuations.",
    de: 'Halten Sie Abstand vom Abwasser, halten Sie Kinder und Haustiere fern und benutzen Sie keine Waschbecken, Toiletten oder Abflüsse.',
    pt: 'Fique longe do esgoto, mantenha crianças e animais fora da área e não use pias, vasos sanitários ou ralos.',
    it: 'State lontani dalle acque di scarico, tenete bambini e animali fuori dalla zona e non usate lavandini, WC o scarichi.',
    zh: '请远离污水,不要让儿童和宠物进入该区域,也不要使用水槽、马桶或下水道。',
    vi: 'Hãy tránh xa nước thải, không cho trẻ em và thú cưng vào khu vực đó, và không dùng bồn rửa, bồn cầu hay cống thoát nước.',
  },
  'no-heat': {
    en: 'If anyone is at risk from the cold, go somewhere warm now, and call 911 if someone feels unwell.',
    es: 'Si alguien corre riesgo por el frío, vayan ahora a un lugar cálido, y llame al 911 si alguien se siente mal.',
    fr: "Si quelqu'un est en danger à cause du froid, allez maintenant dans un endroit chaud, et appelez le 911 si quelqu'un se sent mal.",
    de: 'Wenn jemand durch die Kälte gefährdet ist, gehen Sie jetzt an einen warmen Ort, und rufen Sie 911 an, wenn sich jemand unwohl fühlt.',
    pt: 'Se alguém estiver em risco por causa do frio, vão agora para um lugar aquecido e liguem para o 911 se alguém se sentir mal.',
    it: 'Se qualcuno è a rischio per il freddo, andate subito in un luogo caldo e chiamate il 911 se qualcuno si sente male.',
    zh: '如有人因寒冷而有危险,请立即前往温暖的地方;如有人感到不适,请拨打911。',
    vi: 'Nếu có ai gặp nguy hiểm vì lạnh, hãy đến nơi ấm ngay, và gọi 911 nếu có người thấy không khỏe.',
  },
  'no-cooling': {
    en: 'Move anyone at risk to a cool place now and give them water, and call 911 if someone feels faint, confused or very unwell.',
    es: 'Lleve ahora a cualquier persona en riesgo a un lugar fresco y dele agua, y llame al 911 si alguien se siente débil, confundido o muy mal.',
    fr: "Emmenez maintenant toute personne à risque dans un endroit frais et donnez-lui de l'eau, et appelez le 911 si quelqu'un se sent faible, confus ou très mal.",
    de: 'Bringen Sie gefährdete Personen jetzt an einen kühlen Ort und geben Sie ihnen Wasser, und rufen Sie 911 an, wenn sich jemand schwach, verwirrt oder sehr unwohl fühlt.',
    pt: 'Leve agora quem estiver em risco para um lugar fresco e dê água, e ligue para o 911 se alguém se sentir fraco, confuso ou muito mal.',
    it: "Portate subito chi è a rischio in un luogo fresco e dategli dell'acqua, e chiamate il 911 se qualcuno si sente debole, confuso o molto male.",
    zh: '请立即把有危险的人转移到凉爽的地方并给他们喝水;如有人感到虚弱、意识不清或非常不适,请拨打911。',
    vi: 'Hãy đưa người có nguy cơ đến nơi mát ngay và cho họ uống nước, và gọi 911 nếu ai đó thấy choáng, lú lẫn hoặc rất mệt.',
  },
  'break-in': {
    en: 'If someone may still be inside, do not go in: get to a safe place and call 911.',
    es: 'Si alguien podría seguir adentro, no entre: vaya a un lugar seguro y llame al 911.',
    fr: "Si quelqu'un est peut-être encore à l'intérieur, n'entrez pas : mettez-vous en lieu sûr et appelez le 911.",
    de: 'Wenn noch jemand drinnen sein könnte, gehen Sie nicht hinein: Bringen Sie sich in Sicherheit und rufen Sie 911 an.',
    pt: 'Se alguém ainda puder estar lá dentro, não entre: vá para um lugar seguro e ligue para o 911.',
    it: 'Se qualcuno potrebbe essere ancora dentro, non entrate: mettetevi al sicuro e chiamate il 911.',
    zh: '如果可能还有人在里面,请不要进去:先到安全的地方,然后拨打911。',
    vi: 'Nếu có thể vẫn còn người bên trong, đừng đi vào: hãy đến nơi an toàn và gọi 911.',
  },
  injury: {
    en: 'Call 911 now if someone is hurt.',
    es: 'Llame al 911 ahora si alguien está herido.',
    fr: "Appelez le 911 maintenant si quelqu'un est blessé.",
    de: 'Rufen Sie jetzt 911 an, wenn jemand verletzt ist.',
    pt: 'Ligue para o 911 agora se alguém estiver ferido.',
    it: 'Chiamate subito il 911 se qualcuno è ferito.',
    zh: '如有人受伤,请立即拨打911。',
    vi: 'Hãy gọi 911 ngay nếu có người bị thương.',
  },
  medical: {
    en: 'Call 911 now for medical help.',
    es: 'Llame al 911 ahora para pedir ayuda médica.',
    fr: 'Appelez le 911 maintenant pour une aide médicale.',
    de: 'Rufen Sie jetzt 911 an, um medizinische Hilfe zu bekommen.',
    pt: 'Ligue para o 911 agora para pedir ajuda médica.',
    it: 'Chiamate subito il 911 per un aiuto medico.',
    zh: '请立即拨打911寻求医疗救助。',
    vi: 'Hãy gọi 911 ngay để được trợ giúp y tế.',
  },
  trapped: {
    en: 'If anyone is hurt or in danger, call 911 now; otherwise stay calm where you are.',
    es: 'Si alguien está herido o en peligro, llame al 911 ahora; si no, mantenga la calma donde está.',
    fr: "Si quelqu'un est blessé ou en danger, appelez le 911 maintenant ; sinon, restez calme là où vous êtes.",
    de: 'Wenn jemand verletzt oder in Gefahr ist, rufen Sie jetzt 911 an; sonst bleiben Sie ruhig, wo Sie sind.',
    pt: 'Se alguém estiver ferido ou em perigo, ligue para o 911 agora; caso contrário, mantenha a calma onde está.',
    it: 'Se qualcuno è ferito o in pericolo, chiamate subito il 911; altrimenti restate calmi dove siete.',
    zh: '如有人受伤或有危险,请立即拨打911;否则请留在原地保持冷静。',
    vi: 'Nếu có ai bị thương hoặc gặp nguy hiểm, hãy gọi 911 ngay; nếu không, hãy bình tĩnh ở yên tại chỗ.',
  },
};

const ANY_DANGER: Step = {
  en: 'If anyone is in danger, call 911 now.',
  es: 'Si alguien está en peligro, llame al 911 ahora.',
  fr: "Si quelqu'un est en danger, appelez le 911 maintenant.",
  de: 'Wenn jemand in Gefahr ist, rufen Sie jetzt 911 an.',
  pt: 'Se alguém estiver em perigo, ligue para o 911 agora.',
  it: 'Se qualcuno è in pericolo, chiamate subito il 911.',
  zh: '如有人处于危险之中,请立即拨打911。',
  vi: 'Nếu có ai đang gặp nguy hiểm, hãy gọi 911 ngay.',
};

/** "Then call {who}: {phone}." `who` is a name from the location's knowledge, or the emergency line. */
const CALL: Record<ReplyLanguage, { named: (name: string, phone: string) => string; line: (phone: string) => string; number: (phone: string) => string }> = {
  en: { named: (name, phone) => `Then call ${name}: ${phone}.`, line: (phone) => `Then call our emergency line: ${phone}.`, number: (phone) => `Then call ${phone}.` },
  es: { named: (name, phone) => `Después llame a ${name}: ${phone}.`, line: (phone) => `Después llame a nuestra línea de emergencias: ${phone}.`, number: (phone) => `Después llame al ${phone}.` },
  fr: { named: (name, phone) => `Appelez ensuite ${name} : ${phone}.`, line: (phone) => `Appelez ensuite notre ligne d'urgence : ${phone}.`, number: (phone) => `Appelez ensuite le ${phone}.` },
  de: { named: (name, phone) => `Rufen Sie danach ${name} an: ${phone}.`, line: (phone) => `Rufen Sie danach unseren Notdienst an: ${phone}.`, number: (phone) => `Rufen Sie danach ${phone} an.` },
  pt: { named: (name, phone) => `Depois ligue para ${name}: ${phone}.`, line: (phone) => `Depois ligue para a nossa linha de emergência: ${phone}.`, number: (phone) => `Depois ligue para ${phone}.` },
  it: { named: (name, phone) => `Poi chiamate ${name}: ${phone}.`, line: (phone) => `Poi chiamate la nostra linea di emergenza: ${phone}.`, number: (phone) => `Poi chiamate il ${phone}.` },
  zh: { named: (name, phone) => `然后请致电${name}:${phone}。`, line: (phone) => `然后请拨打我们的紧急热线:${phone}。`, number: (phone) => `然后请拨打${phone}。` },
  vi: { named: (name, phone) => `Sau đó hãy gọi ${name}: ${phone}.`, line: (phone) => `Sau đó hãy gọi đường dây khẩn cấp của chúng tôi: ${phone}.`, number: (phone) => `Sau đó hãy gọi ${phone}.` },
};

/** Life first: the order in which hazards' steps lead when a message names several. */
const PRIORITY: UrgencyCategory[] = ['gas', 'carbon-monoxide', 'fire', 'electrical', 'medical', 'injury', 'break-in', 'trapped', 'no-cooling', 'no-heat', 'flood', 'sewage'];

/** The safety steps for the hazards found (at most two, life first), in the tenant's language. */
export function safetySteps(categories: readonly UrgencyCategory[], language: string): string {
  const lang = replyLanguageOf(language);
  const steps = PRIORITY.filter((category) => categories.includes(category)).slice(0, 2).map((category) => STEPS[category as keyof typeof STEPS][lang]);
  // Every urgent reply names 911: a flood's or a cold flat's step is about the home, and the tenant may know more.
  if (!steps.some((step) => step.includes('911'))) steps.push(ANY_DANGER[lang]);
  return steps.join(' ');
}

/** The words a knowledge item about each hazard uses (folded, see foldText), to tell the rule for this hazard from another. */
const HAZARD_WORDS: Record<UrgencyCategory, RegExp> = {
  gas: /\b(gas|gaz)\b/,
  'carbon-monoxide': /\b(carbon monoxide|co (alarm|detector))\b/,
  fire: /\b(fire|smoke|flames?)\b/,
  electrical: /\b(electrical|electric|outlet|sparks?|sparking|wires?|wiring|breaker|panel|burning smel|power)\b/,
  flood: /\b(water|leak|leaks|leaking|flod|floding|pipe|pipes|burst)\b/,
  sewage: /\b(sewage|sewer|backup|backed up|toilet|drain)\b/,
  'no-heat': /\b(heat|heating|furnace|boiler|cold)\b/,
  'no-cooling': /\b(ac|air conditioning|air conditioner|cooling|heat)\b/,
  'break-in': /\b(break in|broken into|intruder|burglar|burglary|police|security|theft|stolen|forced)\b/,
  injury: /\b(injury|injured|hurt|medical|ambulance|fal|fel)\b/,
  medical: /\b(medical|ambulance|injury|unconscious|breathing)\b/,
  trapped: /\b(elevator|lift|traped|stuck|locked in)\b/,
  declared: /\bemergency\b/,
};

export interface EmergencyContact {
  /**
   * `named`: a number the knowledge names someone for ("Gem Valley Heating"); `line`: the location's emergency line
   * (a number beside "emergency"); `number`: a number a rule for this hazard gives without a name.
   */
  kind: 'named' | 'line' | 'number';
  /** For `named`: as the knowledge writes it. */
  name?: string;
  /** The name is English words ("the gas company"), not a proper name: said in English replies only. */
  englishName?: boolean;
  phone: string;
  /** The knowledge item that gives the number: the draft cites it. */
  item: RetrievedItem;
}

const PHONE = /(?:\+?1[ .-]?)?(?:\(\d{3}\)\s?|\d{3}[ .-])\d{3}[ .-]\d{4}|\b\d{3}-\d{4}\b/g;
/**
 * "call Gem Valley Heating at (208) 555-0135", "call 911 and CenterPoint Energy at …", "contact the gas company, 555-0100":
 * the capitalised words (or a short lower-case phrase after "the") before the number.
 */
const NAMED_PHONE = /\b(?:call|contact|phone|text|reach|notify)\s+(?:911\s+(?:and|then|or)\s+)?((?:the\s+)?(?:[A-Z][\w&'.-]*|of|and|&)(?:\s+(?:[A-Z][\w&'.-]*|of|and|&)){0,5}|the [a-z]+(?: [a-z]+){0,2})\s*(?:at|on|:|,)?\s*((?:\+?1[ .-]?)?(?:\(\d{3}\)\s?|\d{3}[ .-])\d{3}[ .-]\d{4}|\d{3}-\d{4})/g;
const MAX_CONTACTS = 3;
/** "emergency", "emergencies", never "non-emergency repairs" (that number is the repair line). */
const EMERGENCY = /(?<!non[- ]?)emergenc/i;

/**
 * Whom to call, from the location's knowledge: the numbers the rules for this hazard name (with the name they give),
 * and the location's emergency line (a number beside "emergency"), never 911 (the step says it). Items about another
 * hazard are not read: a break-in does not get the plumber's number. Named contacts first, then the line, then the
 * rules' other numbers, at most three.
 */
export function emergencyContacts(categories: readonly UrgencyCategory[], items: readonly RetrievedItem[]): EmergencyContact[] {
  const found: EmergencyContact[] = [];
  // "Emergency!" names no hazard: no rule is about it, only the emergency line answers.
  const hazards = categories.filter((category) => category !== 'declared');
  const about = rulesAbout(hazards, items);
  for (const item of about) {
    for (const sentence of sentencesOf(item.body)) {
      for (const match of sentence.matchAll(NAMED_PHONE)) {
        const name = match[1]!.trim();
        const lowerCase = /^the [a-z]/.test(name);
        found.push(lowerCase && /emergenc/.test(name) ? { kind: 'line', phone: match[2]!, item } : { kind: 'named', name, englishName: lowerCase, phone: match[2]!, item });
      }
      for (const phone of sentence.match(PHONE) ?? []) found.push({ kind: EMERGENCY.test(sentence) ? 'line' : 'number', phone, item });
    }
  }
  // The line's own sentence: "Office (602) 555-0100. After hours, emergencies only: (602) 555-0148." gives the second.
  // Not from a rule about another hazard: the gas rule's "call CenterPoint Energy at …, then the emergency line …" is
  // no line for a fire.
  for (const item of items.filter((candidate) => candidate.kind !== 'rule' || about.includes(candidate))) {
    for (const sentence of sentencesOf(item.body)) {
      const phone = phoneBesideEmergency(sentence);
      if (phone) found.push({ kind: 'line', phone, item });
    }
  }
  const order = { named: 0, line: 1, number: 2 } as const;
  const contacts: EmergencyContact[] = [];
  for (const contact of found.sort((a, b) => order[a.kind] - order[b.kind])) {
    const digits = contact.phone.replace(/\D/g, '').slice(-7);
    if (digits.length >= 7 && !contacts.some((known) => known.phone.replace(/\D/g, '').endsWith(digits))) contacts.push(contact);
  }
  return contacts.slice(0, MAX_CONTACTS);
}

/** The rules among the items that are about one of these hazards (by the hazard's words in their text). */
export function rulesAbout(categories: readonly UrgencyCategory[], items: readonly RetrievedItem[]): RetrievedItem[] {
  return items.filter((item) => item.kind === 'rule' && categories.some((category) => category !== 'declared' && HAZARD_WORDS[category].test(foldText(`${item.title} ${item.body}`))));
}

/**
 * The number a sentence gives for emergencies: the first after the word ("then the emergency line (612) 555-0193"),
 * else the last before it ("(602) 555-0148 for emergencies"), never another number of the sentence.
 */
function phoneBesideEmergency(sentence: string): string | undefined {
  const word = EMERGENCY.exec(sentence);
  if (!word) return undefined;
  const phones = [...sentence.matchAll(PHONE)];
  return (phones.find((phone) => phone.index >= word.index) ?? phones.filter((phone) => phone.index < word.index).at(-1))?.[0];
}

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+/);
}

/** The urgent reply's lead: the safety steps, then whom to call, in the tenant's language. */
export function safetyLead(categories: readonly UrgencyCategory[], contacts: readonly EmergencyContact[], language: string): string {
  const lang = replyLanguageOf(language);
  const calls = contacts.map((contact) => {
    if (contact.kind === 'line') return CALL[lang].line(contact.phone);
    if (contact.name && (!contact.englishName || lang === 'en')) return CALL[lang].named(contact.name, contact.phone);
    return CALL[lang].number(contact.phone);
  });
  return [safetySteps(categories, language), ...calls].join(' ');
}
