import { registerStream, type StreamDeps } from '../../http/stream-route.js';
import type { FastifyInstance } from 'fastify';
import { audioCalls, limits, voiceCalls } from '@saathi/contract';
import { type AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';
import { multipartBody } from '../../media/receive-upload.js';
import { ownVoiceChannel, voiceChannel, type VoiceService } from './service.js';

/** The recording plus the multipart framing and a name field. */
const bodyLimit = limits.voiceMaxBytes + 64 * 1024;

export function voiceRoutes(
  app: FastifyInstance,
  auth: AuthDeps,
  service: VoiceService,
  streams: StreamDeps,
): void {
  registerCall(
    app,
    auth,
    voiceCalls.upload,
    ({ request, body, viewer }) => service.upload(multipartBody(request), viewer, body),
    { bodyLimit },
  );
  registerCall(app, auth, voiceCalls.list, ({ viewer, query }) => service.list(viewer, query));
  registerCall(app, auth, voiceCalls.remove, ({ viewer, params }) =>
    service.remove(params.id, viewer),
  );
  registerCall(
    app,
    auth,
    audioCalls.upload,
    ({ request, body, viewer }) => service.uploadAudio(multipartBody(request), viewer, body),
    { bodyLimit },
  );
  registerCall(app, auth, audioCalls.list, ({ viewer, query }) => service.listAudio(viewer, query));

  registerStream(app, auth, streams, {
    call: voiceCalls.stream,
    channels: (viewer) => [voiceChannel, ownVoiceChannel(viewer.user.id)],
  });
}
