import { foldText } from './folded-text.js';

export type UrgencyCategory =
  | 'gas'
  | 'carbon-monoxide'
  | 'fire'
  | 'electrical'
  | 'flood'
  | 'sewage'
  | 'no-heat'
  | 'no-cooling'
  | 'break-in'
  | 'injury'
  | 'medical'
  | 'trapped'
  | 'declared';

export interface UrgencyMatch {
  category: UrgencyCategory;
  /** The folded words that matched (see foldText), for the manager's "why was this urgent". */
  evidence: string;
}

export interface UrgencyVerdict {
  urgent: boolean;
  matches: UrgencyMatch[];
}

/**
 * Words that look like an emergency and are not one; they are blanked out before the emergency rules run.
 * Decided: a question about a scheduled fire-alarm test, a drill or an inspection is not urgent ("the fire alarm test
 * is scheduled?"), and neither is a detector that chirps or beeps (a low battery); an alarm that goes off or sounds is
 * urgent. "Not urgent" / "no emergency" said by the tenant cancel only the declared category, never a described one.
 * Patterns are folded (foldText): no accents, doubled letters single.
 */
const BENIGN: RegExp[] = [
  /\b(fire|smoke|co) (alarm|detector)s? (test|testing|tests|inspection|inspections|check|checks|maintenance)\b/g,
  /\b(fire|smoke) (drils?|inspections?|extinguishers?|exits?|escapes?|dors?|places?|pits?|works|wod|codes?|safety)\b/g,
  /\b(fireplace|firepit|firewod|fireworks|ceasefire|campfire|bonfire)\b/g,
  /\b(fired|firing) (me|him|her|them|the|my|our)\b/g,
  /\b(no|non) smoking\b|\bsmoking (is |are )?(alowed|permited|area|policy|rules?)\b|\bsmoke (outside|on the balcony|wed|cigaretes?)\b/g,
  // Someone's smoking reaching a neighbour is a nuisance, not a fire: "cigarette smoke through my window", "smoke-free".
  /\bsmoke ?fre\b|\b(cigarete|cigar|wed|pot|marijuana|secondhand|second hand|tobaco|vape) smoke\b/g,
  /\b((smoke|co|fire) )?(alarm|detector)s?( (in|on|by|near|of) (the |my |our )?\w+)?( \w+)? (is |are |keps |kep |stil |wont stop )?(beping|chirping|chirps|beps)\b|\b(beping|chirping) (smoke|co|fire) (alarm|detector)s?\b/g,
  // Smoke denied: "keeps chirping, no smoke or anything".
  /\b(no|not any|without any|without) (smoke|fire|flames)\b/g,
  // Lighting a grill or a heater by choice: "can I fire it up on the patio?", "fired up the grill".
  /\b(fire|fired|firing) (it|them|this|that|the \w+|my \w+|our \w+) up\b|\bfire up (the|my|our|a|an) \w+\b/g,
  /\b(bateria|batery|bateries)\b/g,
  /\bgas (bil|bils|station|stove|range|oven|gril|meter reading|company|price|prices|payment|included|heat|heating|dryer)\b/g,
  // A question about the emergency line is not an emergency: "what counts as an emergency for the after hours number?"
  /\b(what|which|does (this|it|that)) (counts?|qualifies|is considered|count|qualify) as (an )?emergency\b|\bemergency (number|line|contact|phone|maintenance number)s?\b/g,
  /\b(not|no|isnt|nothing) (urgent|an emergency|emergency)\b|\bno (es |e )?(urgente|emergencia)\b|\bnicht dringend\b|\bkein notfal\b|\bpas urgent\b|\bpas une urgence\b|\bnao e urgente\b/g,
  /\b(how|when|where|can i|may i|should i|do i) (to )?(turn on|set|adjust|use|change) (the )?(heat|heater|heating|thermostat)\b/g,
  /\bheat (is |was )?(to|too) (high|hot|strong)\b/g,
  /\bbreak (my|the|our) lease\b|\blease break\b/g,
  // A pipe that broke in the basement is a flood, not a break-in (a message's English translation says it so).
  /\b(pipe|pipes|tube|line|water line|main|hose|valve)( \w+)? (broke|broken|breaks|burst) in\b/g,
  // Trapped in a contract, not a room.
  /\b(traped|stuck|locked) (in|into) (my|the|this|our|a) (lease|contract|agrement|plan)\b|\b(atrapad[oa]s?|encerrad[oa]s?) en (el|mi) (contrato|arendamiento)\b/g,
  // The gas or electricity account, a grill, a generator: things a policy question names.
  /\b(gas|electric|electricity|power) (acount|acounts|bil|bils|provider|company|service|hookup|set ?up|transfer)\b/g,
];

/**
 * Words that name a hazard and also a house rule: "is smoking allowed on the patio?", "can we vape on the balcony?",
 * "¿se puede fumar en la terraza?". In a question about what is allowed, with nothing described as happening now, they
 * are a policy question; "can someone come, there's smoke in the hallway" describes smoke and stays urgent.
 */
const POLICY_SENSE = /\b(can|may|could|should) (i|we|you|my|our|guests?|visitors?|tenants?|residents?|people|someone) (smoke|vape|gril|bbq|barbecue|use|have|light|burn|keep|store)\b|\b(is|are) (it |we |i |they |guests )?(ok|okay|alowed|permited|fine|prohibited|banned|forbidden)\b|\b(alowed|permited|policy|policies|rules?|prohibited|banned|forbidden)\b|\b(se puede|puedo|podemos|pueden|permitido|permitida|prohibido|prohibida|reglas?)\b|\b(darf|durfen|erlaubt|verboten)\b|\b(peut on|puis je|est il permis|autorise|interdit)\b|\b(posso|podemos|permitido|proibido)\b/;
/** Smoke or fire happening now, which no policy phrasing turns into a question about the rules. */
const DESCRIBED_NOW = /\b(there is|there s|theres|there are|i see|we see|i can see|i smel|we smel|smels? (like|of)|coming (out|from|through|under|into)|filing|ful of|lots of|so much|thick|black|pouring|right now|help)\b|\b(hay|sale|veo|huele a) (humo|fuego)\b/;
/**
 * The hazard words a policy question may use in their house-rule sense, and the fire one asks leave to make ("can we
 * burn wood in the fireplace? the kids would love a real fire"). Never "burning" or "flames", which describe.
 */
const POLICY_HAZARD_WORDS = /\b(fire (hazard|risk|code|rules?)|smoke|smoking|smoker|smokers|vape|vaping|fumar|fumo|fumando|rauchen|raucher|fumer|fumeur|fumar|gril|grils|bbq|barbecue|parila|asador|fire ?pit|candles?|velas?)\b|\b(a|an) (real|wod|log|smal|litle|cozy|nice|camp|open) fire\b|\b(have|make|build|light|start) (a |an )?(\w+ )?fire (in|on|at) (the|our|my) (fireplace|fire ?pit|pit|gril|backyard|yard|patio|deck)\b/g;

/** The emergency rules, per category, in English, Spanish, German, French and Portuguese (folded; typos listed). */
const RULES: [UrgencyCategory, RegExp][] = [
  ['gas', /\b(gas|gaz|gs)( \w+){0,3} (smel|smels|smeling|smeled|smelt|odor|odour|odors|leak|leaks|leaking|lek|leking)\b|\b(smel|smels|smeling|smelt|odor|odour|leak|leaking|lek)( \w+){0,3} (of |like )?(gas|gaz)\b|\b(gasleak|gasgeruch|gasleck|gasaustrit)\b|\b(huele|olor|fuga|escape|peste)( \w+){0,2} (a |de |del )?gas\b|\b(riecht|riechts|stinkt) (\w+ ){0,3}(nach )?gas\b|\b(odeur|fuite|sent|sens) (de |du |le |la )?(gaz)\b|\b(cheiro|vazamento|fuga|cheira) (a |de |do )?(gas)\b|\b(mui|ro ri|xi) (gas|ga)\b|(煤气|燃气|天然气)(味|泄漏|漏)/],
  ['carbon-monoxide', /\bcarbon monoxide\b|\bmonoxide\b|\bco (alarm|detector|detectors|alarms|sensor)( \w+){0,3} (going of|goes of|went of|sounding|ringing|alarming)\b|\bmonoxido de carbono\b|\bkohlenmonoxid\b|\bco melder\b|\bmonoxyde de carbone\b/],
  ['fire', /\b(fire|fires|fiire|flames|flame|burning|burnt smel|smoke|smoking|smokey|smoky)\b|\bsparks?\b|\b(fuego|incendio|humo|quemando|se quema)\b|\b(feuer|brent|rauch|qualm)\b|\b(feu|incendie|fume|brule)\b|\b(fogo|incendio|fumaca|fumo|queimando)\b/],
  ['flood', /\b(flod|floded|floding|flods|flodding|fload|flooding)\b|\b(water|watr|wtr) (is |s )?(everywhere|al over|on the flor|coming|pouring|gushing|leaking|leak|leaks|driping from the ceiling|through the ceiling)\b|(?<!gas |gaz )\b(leak|leaks|leaking|lek|leking|leakin|leakage)\b|\b(burst|bursted|broken|broke) (pipe|pipes|water line)\b|\b(pipe|pipes) (burst|bursted|broke|broken|exploded)\b|\boverflowing\b|\bsewage\b|\b(inundacion|inundado|inundada|gotera|goteras|fuga de agua|se sale el agua|tuberia rota|se rompio la tuberia|rompio la tuberia|agua por todas partes|(se )?rompio (un|el) (tubo|cano)|tubo roto)\b|\b(uberschwemung|uberschwemt|waserschaden|rohrbruch|waser lauft|undicht|leck|waserohrbruch)\b|\b(inondation|inonde|(fuite|fuites)(?! de gaz| du gaz)|degat des eaux|degats des eaux|tuyau a eclate|tuyau eclate)\b|\b(inundacao|inundado|inundada|alagado|alagada|alagamento|vazamento|vazando|infiltracao|cano estourou|cano estourado)\b|漏水|水管爆|淹水|\b(ro ri nuoc|ngap nuoc|bi ngap|vo ong nuoc)\b/],
  ['sewage', /\b(sewage|sewer (backup|backing up|backed up|water|smel)|raw sewage|(toilet|drain|tub|shower) (is )?(backing up|backed up|overflowing|overflowed) (with )?(sewage|poop|waste|black water)|(pop|waste|black water) (coming up|everywhere|in the (tub|shower|floor)))\b|\b(aguas negras|aguas residuales|drenaje (tapado|desbordado)|sale agua sucia|se regreso el drenaje)\b|\b(abwaser|kanalisation) (lauft|kommt|steigt)\b|\b(egout|eaux usees)\b|\b(esgoto)\b|(污水|下水道)/],
  ['no-cooling', /(?=.*\b(no|broken|not working|isnt working|isn t working|doesnt work|doesn t work|out|died|dead|stoped|quit|gone|sin|no funciona|no sirve|descompuesto|roto|dejo de funcionar|se descompuso|no enfria|kaput|en panne|ne marche|sem|quebrado|nao funciona|hong)\b.{0,40}\b(ac|a c|air conditioning|air conditioner|air|cooling|swamp coler|aire acondicionado|aire|clima|klimaanlage|klima|climatisation|clim|ar condicionado|may lanh|(đ|d)ieu hoa)\b|.*\b(ac|a c|air conditioning|air conditioner|cooling|aire acondicionado|aire|clima|klimaanlage|climatisation|ar condicionado)\b.{0,30}\b(not working|isnt working|isn t working|doesnt work|doesn t work|is out|out|died|is dead|stoped|quit|broken|broke|no funciona|no sirve|descompuesto|dejo de funcionar|se descompuso|no enfria|kaput|en panne|nao funciona)\b)(?=.*\b(heat wave|heatwave|1[01]\d|9\d|extreme heat|so hot|very hot|to hot|dangerously hot|burning up|baby|babies|infant|newborn|elderly|grandma|grandpa|grandmother|grandfather|my (mom|mother|dad|father) is (\d+|old|sick|elderly)|pregnant|asthma|heart condition|disabled|dialysis|oxygen|sick|overheating|dizy|bebe|recien nacido|abuela|abuelo|anciana?o?|embarazada|mareado|mareada|\d+ anos|mucho calor|calor extremo|ola de calor|grados|hitzewele|baby|schwanger|canicule|enceinte|nourison|onda de calor|gravida|idos[oa])\b)/],
  ['no-heat', /\bno (heat|het|heet|heating|heater|furnace)\b|\b(heat|heet|het|heater|heatr|heating|furnace|boiler)( (system|unit|units|pump|in (my|our|the) \w+))?( is| has| was|s| s)?( ben)? (not working|not workin|out|broken|broke|dead|died|stoped|stopped|gone|isnt working|isn t working|doesnt work|doesn t work|wont turn on|won t turn on|not turning on|went out|quit|wont kick on|won t kick on|not kicking on|wont come on|won t come on|not coming on|wont start|won t start|blowing cold)\b|\b(sin|no hay|no tengo|no tenemos) (calefacion|calor)\b|\bcalefacion (no funciona|no sirve|rota|descompuesta)\b|\bno (funciona|sirve) la calefacion\b|\bheizung (geht nicht|ist kaput|kaput|ausgefalen|funktioniert nicht|springt nicht an)\b|\bkeine heizung\b|\b(pas de|plus de) chaufage\b|\bchaufage (en panne|ne marche pas|ne marche plus|ne fonctionne pas|ne fonctionne plus|coupe)\b|\b(sem) (aquecimento|aquecedor)\b|\b(aquecimento|aquecedor) (nao funciona|quebrado|quebrou|parou)\b/],
  ['break-in', /\b(break in|breakin|broke in|broken into|broke into|breaking in|break into|breaking into|breaks into|broken in)\b|\b(burglar|burglars|burglary|burglarized|intruder|intruders|robed|robery)\b|\bsomeone (is )?(in|inside) (my|our) (apartment|apt|house|unit|home)\b|\b(dor|lock|window) (was |has ben |got )?(forced|kicked in|pried)\b|\b(robo|robaron|entraron a robar|forzaron la puerta|intruso|ladron|ladrones)\b|\b(einbruch|eingebrochen|einbrecher)\b|\b(cambriolage|cambriole|cambrioles|efraction|intrus)\b|\b(arombamento|arombaram|arombada|arombou|arombado|asalto|invadiram|ladrao|ladroes)\b|\b(someone|somebody|a man|a person|a stranger|strangers?) (is |s )?(in|inside|hiding in) (my|our|the) (apartment|apt|house|unit|home|garage|basement|closet|bedrom)\b|\b(there is|theres|there s) (someone|somebody|a man|a person|a stranger) (in|inside)\b|\b(someone|somebody) (is )?(trying to|tried to) (get in|break in|open (my|our|the) (dor|window))\b|\b(hear|heard|can hear) (someone|somebody|a person|people|footsteps|voices) (moving|walking|inside|in (my|our|the))\b|\b(dor|window|lock) (was |is |has ben )?(kicked in|smashed|broken open|forced open|pried open)\b|\b(hay alguien|alguien esta|alguien entro|un desconocido) (en|dentro|a)\b|\bjemand (ist )?in (meiner|unserer|der) wohnung\b|\bquelqu un (est )?(dans|chez) (mon|notre|l)\b|\balguem (entrou|esta dentro|esta no|esta na)\b|\b(co nguoi la|trom|pha cua|pha khoa|dot nhap)\b|(小偷|有人闯入|入室)/],
  ['injury', /\b(injured|injury|injuries|hurt|bleding|blod everywhere|unconscious|not breathing|ambulance)\b|\b(i|he|she|someone|somebody|my (son|daughter|kid|child|wife|husband|mom|dad|mother|father|neighbor)) (has falen|have falen|sliped)\b|\btriped and (fel|hurt)\b|\b(he|she|someone|somebody|my (son|daughter|kid|child|wife|husband|mom|dad|mother|father|neighbor)) fel\b|\bi fel (down|of the|on the)\b|\bsliped and fel\b|\bfel (down|of) the (stairs|steps|balcony)\b|\bbroke (my|his|her) (leg|arm|ankle|wrist)\b|\b(herido|herida|lesionado|sangrando|me cai|se cayo|ambulancia|inconsciente)\b|\b(verletzt|verletzung|blutet|gesturzt|krankenwagen|bewustlos)\b|\b(blese|blesure|saigne|je suis tombe|inconscient|inconsciente)\b|\b(ferido|ferida|machucado|machucada|sangrando|ambulancia)\b|\b(eu|ele|ela|alguem) (caiu|cai)\b|\bcaiu da escada\b|摔倒|流血|受伤|昏迷|救护车|\b(bi thuong|chay mau|bat tinh)\b/],
  ['medical', /\b(colapsed|pased out|fainted|unresponsive|not breathing|cant breathe|can t breathe|canot breathe|trouble breathing|chest pains?|heart atack|seizure|having a stroke|overdose|overdosed|wont wake up|won t wake up|choking|heat stroke|heatstroke|hypothermia)\b|\b(se desmayo|desmayad[oa]|no respira|no puede respirar|convulsion|convulsiones|infarto|ataque al corazon|dolor de pecho)\b|\b(atmet nicht|bewustlos|herzinfarkt|krampfanfal)\b|\b(ne respire plus|evanoui|evanouie|crise cardiaque|malaise)\b|\b(desmaiou|nao respira|infarto|convulsao)\b|\b(bat tinh|kho tho|ngat xiu)\b|(晕倒|不能呼吸|心脏病)/],
  ['electrical', /\b(exposed|live|sparking|burning|hot|melted|melting|smoking) (wire|wires|wiring|cord)\b|\b(outlet|outlets|socket|plug|panel|breaker|breaker box|switch|light switch|fuse box) (is |are )?(sparking|sparks|smoking|burning|melting|melted|buzing|hot to the touch|scorched|black)\b|\bsparks? (coming|from|out|flying|when)\b|\bsparked\b|\b(burning|burnt|electrical)( \w+)? (smel|odor|smoke)\b|\bsmel(s|ing)? (of |like )?(burning|burnt|electrical|melting plastic)\b|\belectrocuted|electric shock|got shocked\b|\b(cables? pelados?|chispas|chispazos|olor a quemado|huele a quemado|cortocircuito)\b|\b(steckdose|kabel) (brent|schmort|funkt)\b|\b(funken|schmorgeruch|verbrant riecht|riecht verbrant)\b|\b(etinceles|prise qui brule|odeur de brule|sent le brule|court circuit)\b|\b(faiscas|fio desencapado|cheiro de queimado|curto circuito)\b|\b(tia lua|(chay|chap) (đ|d)ien|mui khet)\b|(火花|烧焦|电线)/],
  ['trapped', /\b(stuck|traped|locked) in (the |an |a |my |our )?(elevator|lift|bathrom|rom|closet|garage|basement|stairwel|atic|laundry rom|storage rom)\b|\blocked (himself|herself|themselves|myself|ourselves|itself) (in|inside)\b|\btraped\b|\b(cant|can t|canot|can not) get out\b|\b(atrapad[oa]s?|encerrad[oa]s?) en\b|\bno (puedo|puede|podemos|pueden) salir\b|\bim aufzug (stecken|stecke|feststecken|eingespert)\b|\b(eingespert|eingeschlosen)\b|\b(bloque|bloquee|coince|coincee)s? dans\b|\b(preso|presa) no (elevador|banheiro)\b|\bbi ket\b|困在|被困/],
  ['declared', /\b(emergency|emergncy|emergancy|urgent|urgente|emergencia|notfal|dringend|urgence|emergencia|911)\b/],
];

/**
 * Whether a message asks about a house rule (what is allowed, the policy) with nothing described as happening now:
 * its hazard words are the rule's subject ("is a gas grill a fire hazard here?"), and no second opinion should read
 * them as an emergency either.
 */
export function isHouseRuleQuestion(message: string): boolean {
  const text = foldText(message);
  return POLICY_SENSE.test(text) && !DESCRIBED_NOW.test(text);
}

/**
 * Emergencies in a tenant's message, found by rules rather than by the model (a small model misses them, and the
 * drafting pipeline lets this verdict override whatever the model said). Tolerant of typos and SMS spelling
 * ("gas smel", "no heat!!", "fuite d'eau", "huele a gas").
 */
export function detectUrgency(message: string): UrgencyVerdict {
  let text = foldText(message);
  for (const benign of BENIGN) text = text.replace(benign, ' ');
  if (isHouseRuleQuestion(message)) text = text.replace(POLICY_HAZARD_WORDS, ' ');
  const matches: UrgencyMatch[] = [];
  for (const [category, rule] of RULES) {
    const found = rule.exec(text);
    if (found) matches.push({ category, evidence: found[0].trim() });
  }
  return { urgent: matches.length > 0, matches };
}
