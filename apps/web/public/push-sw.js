/* Web Push for the generated service worker (workbox importScripts). The server sends
   { title, body, link, tag }; a tap opens the link in an open Saathi tab or a new one. */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : 'Saathi' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Saathi', {
      body: data.body || '',
      tag: data.tag || undefined,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { link: data.link || '/notification' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = new URL(event.notification.data?.link || '/notification', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (client.url.startsWith(self.location.origin) && 'navigate' in client) {
          return client.focus().then(() => client.navigate(link));
        }
      }
      return self.clients.openWindow(link);
    }),
  );
});
