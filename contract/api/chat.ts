import { Type } from '@sinclair/typebox';
import { endpoint } from './define';
import { IdField, LimitField, PlainText, VoucherField } from './fields';

/**
 * Chat (spec 1 "chat room", issue 21): a public room per language, which visitors read
 * and users write in, and the room of each OTC order, for its two sides only (kept with
 * the order for appeals). Text only in public rooms (links are shown as text the app
 * makes safe); an order's room also takes images the writer uploaded. Pushed over the
 * socket: "chat:<lang>" for a public room, the private event 'otc_chat' for an order's.
 */
export const ChatRoom = Type.String({ maxLength: 20, pattern: '^(lang:(en|zh|hk|th|jp|kor|fra|spa)|otc:[1-9][0-9]{0,9})$', errorKey: 'chat_room_invalid' });

export const ChatMessage = Type.Object({
  id: Type.Integer(),
  room: Type.String(),
  /** the writer as others see them */
  author: Type.Object({ uid: Type.Integer(), name: Type.String(), avatar: Type.String() }),
  mine: Type.Boolean(),
  /** empty once an operator removed it */
  body: Type.String(),
  image: Type.Union([Type.String(), Type.Null()]),
  removed: Type.Boolean(),
  created_at: Type.Integer(),
});

export const chatHistory = endpoint({
  method: 'GET',
  path: '/chat/history',
  access: 'public',
  tag: 'chat',
  summary: "A room's messages, newest last, before a message id when given (an order's room: its two sides only)",
  input: Type.Object({ room: ChatRoom, before: Type.Optional(IdField), limit: Type.Optional(LimitField) }),
  output: Type.Object({ data: Type.Array(ChatMessage), more: Type.Boolean() }),
});

export const chatSend = endpoint({
  method: 'POST',
  path: '/chat/send',
  access: 'user',
  tag: 'chat',
  summary: 'Writes in a room: text (1 to 500 characters), or in an order’s room an image the writer uploaded; five messages in ten seconds at most',
  input: Type.Object({ room: ChatRoom, body: PlainText({ maxLength: 500 }), image: Type.Optional(VoucherField) }),
  output: ChatMessage,
});

export const chatReport = endpoint({
  method: 'POST',
  path: '/chat/report',
  access: 'user',
  tag: 'chat',
  summary: 'Reports a message to the operators, once per message and user',
  input: Type.Object({ message_id: IdField, reason: PlainText({ minLength: 1, maxLength: 200 }) }),
  output: Type.String(),
});
