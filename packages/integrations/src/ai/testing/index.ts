export {
  startChatCompletionsTestServer,
  type ChatCompletionsTestServer,
  type ChatCompletionsTestServerOptions,
} from './server';
export {
  schemaResponder,
  type ChatMessageBody,
  type RecordedChatRequest,
  type Responder,
  type ScriptedReply,
} from './replies';
