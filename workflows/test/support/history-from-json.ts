import { createRequire } from 'node:module';
import type { WorkflowHandle } from '@temporalio/client';

type History = Awaited<ReturnType<WorkflowHandle['fetchHistory']>>;
interface ProtoJson {
  fromJson(type: unknown, json: unknown, options: { ignoreUnknownFields: boolean }): History | null;
}
interface ReflectionRoot {
  lookupType(name: string): unknown;
}

// Why not the SDK's own historyFromJSON (Worker.runReplayHistory calls it for JSON input)? In this monorepo npm
// installs a separate protobufjs 8 copy under @temporalio/common, /proto and /worker, because protobufjs 7 is
// hoisted for gRPC; the converter in /common then rejects the message types built by /proto's copy with
// "type must be a Type". Resolving protobufjs from @temporalio/proto itself (reached through @temporalio/client,
// a declared dependency) uses the copy those types were built with, whatever the install layout.
const fromClient = createRequire(createRequire(import.meta.url).resolve('@temporalio/client'));
const protoEntry = fromClient.resolve('@temporalio/proto');
const fromProto = createRequire(protoEntry);
const { fromJson } = fromProto('protobufjs/ext/protojson') as ProtoJson;
const { patchProtobufRoot } = fromProto('../lib/patch-protobuf-root.js') as { patchProtobufRoot(root: unknown): ReflectionRoot };
const historyType = patchProtobufRoot(fromProto(protoEntry)).lookupType('temporal.api.history.v1.History');

/** Parses a history exported with `temporal workflow show --output json` (canonical proto3 JSON). */
export function historyFromJson(json: unknown): History {
  const history = fromJson(historyType, json, { ignoreUnknownFields: true });
  if (!history?.events?.length) throw new TypeError('Not a workflow history: expected a non-empty events array');
  return history;
}
