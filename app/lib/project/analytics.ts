/**
 * Analytics stub: events are dispatched as a `kiln:analytics` CustomEvent on window so a self-hoster can
 * forward them wherever they like. Kiln itself sends nothing over the network.
 */
export const ANALYTICS_EVENT = 'kiln:analytics';

export interface AnalyticsEventDetail {
  name: string;
  properties: Record<string, unknown>;
}

export function trackEvent(name: string, properties: Record<string, unknown> = {}, target: EventTarget | undefined = globalThis.window): void {
  target?.dispatchEvent(new CustomEvent<AnalyticsEventDetail>(ANALYTICS_EVENT, { detail: { name, properties } }));
}
