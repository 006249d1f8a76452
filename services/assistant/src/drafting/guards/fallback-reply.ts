import { baseLanguage, canonicalLanguage, replyLanguageOf, type ReplyLanguage } from './language-detector.js';

export interface FallbackReply {
  reply: string;
  /** The language the text is in: the tenant's when there is a text for it, else English. */
  language: string;
  /** Always true: nobody answered the tenant's question yet, the manager must. */
  flaggedForManager: true;
}

/**
 * What the tenant gets when the knowledge base does not cover the question (nothing relevant retrieved, or no
 * grounded answer): a fixed, courteous holding reply, never an invented answer. One text per reply language.
 */
const TEXTS: Record<ReplyLanguage, string> = {
  en: "Thank you for your message. I don't have the answer to that right now; the property manager will get back to you as soon as possible.",
  es: 'Gracias por su mensaje. En este momento no tengo la respuesta; el administrador de la propiedad se pondrá en contacto con usted lo antes posible.',
  fr: "Merci pour votre message. Je n'ai pas la réponse pour le moment ; le gestionnaire de l'immeuble vous répondra dans les meilleurs délais.",
  de: 'Vielen Dank für Ihre Nachricht. Darauf habe ich gerade keine Antwort; die Hausverwaltung meldet sich so bald wie möglich bei Ihnen.',
  pt: 'Obrigado pela sua mensagem. No momento não tenho essa resposta; o administrador do imóvel entrará em contato com você o mais breve possível.',
  it: "Grazie per il suo messaggio. Al momento non ho la risposta; l'amministratore dell'immobile la ricontatterà il prima possibile.",
  zh: '感谢您的留言。我目前无法回答这个问题,物业经理会尽快与您联系。',
  vi: 'Cảm ơn bạn đã nhắn tin. Hiện tại tôi chưa có câu trả lời; quản lý tòa nhà sẽ liên hệ lại với bạn sớm nhất có thể.',
};

/** The holding reply in the tenant's language (`es-MX` gets the Spanish text), English when there is none. */
export function fallbackReply(language: string): FallbackReply {
  const replyLanguage = replyLanguageOf(language);
  return { reply: TEXTS[replyLanguage], language: replyLanguage === baseLanguage(language) ? canonicalLanguage(language) : 'en', flaggedForManager: true };
}

/**
 * Said after the terms a request for money off asks about ("waive my late fee?" → the late fee's item): the request
 * reaches the manager, who decides. It promises nothing but that, which is true: the manager reads the draft.
 */
const REQUEST_PASSED_ON: Record<ReplyLanguage, string> = {
  en: "I've passed your request on to the property manager, who will get back to you.",
  es: 'He pasado su solicitud al administrador de la propiedad, quien se pondrá en contacto con usted.',
  fr: "J'ai transmis votre demande au gestionnaire de l'immeuble, qui vous répondra.",
  de: 'Ich habe Ihre Anfrage an die Hausverwaltung weitergegeben, die sich bei Ihnen melden wird.',
  pt: 'Encaminhei o seu pedido ao administrador do imóvel, que entrará em contato com você.',
  it: "Ho inoltrato la sua richiesta all'amministratore dell'immobile, che la ricontatterà.",
  zh: '我已将您的请求转交给物业经理,他们会与您联系。',
  vi: 'Tôi đã chuyển yêu cầu của bạn đến quản lý tòa nhà, người sẽ liên hệ lại với bạn.',
};

/** The pass-on sentence in the tenant's language (`es-MX` gets the Spanish text), English when there is none. */
export function requestPassedOn(language: string): string {
  return REQUEST_PASSED_ON[replyLanguageOf(language)];
}
