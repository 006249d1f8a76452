import { baseLanguage, canonicalLanguage, replyLanguageOf, type ReplyLanguage } from '../drafting/guards/language-detector.js';
import type { ChatAudience } from './chat-answer.types.js';

/**
 * What a chat says when nothing it knows covers the question: plainly that it does not know, and where the answer may
 * be, never a guess. One text per audience and reply language.
 */
const TEXTS: Record<ChatAudience, Record<ReplyLanguage, string>> = {
  manager: {
    en: "I couldn't find that in your portfolio's data, so I won't guess. I can answer about your locations, buildings, units, tenants, partners, Q&A and rules.",
    es: 'No encontré eso en los datos de su cartera, así que no voy a adivinar. Puedo responder sobre sus ubicaciones, edificios, unidades, inquilinos, socios, preguntas y reglas.',
    fr: "Je n'ai pas trouvé cela dans les données de votre portefeuille, je ne vais donc pas deviner. Je peux répondre sur vos sites, immeubles, logements, locataires, partenaires, questions-réponses et règles.",
    de: 'Dazu habe ich in den Daten Ihres Bestands nichts gefunden, also rate ich nicht. Ich kann zu Ihren Standorten, Gebäuden, Einheiten, Mietern, Partnern, Fragen und Regeln antworten.',
    pt: 'Não encontrei isso nos dados da sua carteira, então não vou adivinhar. Posso responder sobre seus locais, edifícios, unidades, inquilinos, parceiros, perguntas e regras.',
    it: 'Non ho trovato questa informazione nei dati del suo portafoglio, quindi non tiro a indovinare. Posso rispondere su sedi, edifici, unità, inquilini, partner, domande e regole.',
    zh: '我在您的物业数据中没有找到这一信息,所以不做猜测。我可以回答关于您的物业地点、楼宇、单元、租户、合作伙伴、问答和规则的问题。',
    vi: 'Tôi không tìm thấy thông tin đó trong dữ liệu bất động sản của bạn nên sẽ không đoán. Tôi có thể trả lời về địa điểm, tòa nhà, căn hộ, người thuê, đối tác, hỏi đáp và quy định của bạn.',
  },
  resident: {
    en: "I don't know that: nothing I have about your address covers it, and I won't guess. Your property manager or your city's official website can tell you.",
    es: 'No lo sé: nada de lo que tengo sobre su dirección lo cubre, y no voy a adivinar. Su administrador o el sitio web oficial de su ciudad pueden informarle.',
    fr: "Je ne sais pas : rien de ce que j'ai sur votre adresse ne le couvre, et je ne vais pas deviner. Votre gestionnaire ou le site officiel de votre ville pourra vous renseigner.",
    de: 'Das weiß ich nicht: Nichts, was ich über Ihre Adresse habe, deckt das ab, und ich rate nicht. Ihre Hausverwaltung oder die offizielle Website Ihrer Stadt kann Ihnen weiterhelfen.',
    pt: 'Não sei: nada do que tenho sobre o seu endereço cobre isso, e não vou adivinhar. O administrador do imóvel ou o site oficial da sua cidade pode informar.',
    it: "Non lo so: nulla di ciò che ho sul suo indirizzo lo copre, e non tiro a indovinare. L'amministratore o il sito ufficiale del suo comune possono dirglielo.",
    zh: '我不知道:我所掌握的关于您地址的信息都没有涉及这一点,我也不会猜测。您的物业经理或所在城市的官方网站可以告诉您。',
    vi: 'Tôi không biết: không thông tin nào tôi có về địa chỉ của bạn đề cập đến điều đó, và tôi sẽ không đoán. Quản lý tòa nhà hoặc trang web chính thức của thành phố có thể cho bạn biết.',
  },
};

export function notCoveredAnswer(audience: ChatAudience, language: string): { answer: string; language: string } {
  const replyLanguage = replyLanguageOf(language);
  return { answer: TEXTS[audience][replyLanguage], language: replyLanguage === baseLanguage(language) ? canonicalLanguage(language) : 'en' };
}
