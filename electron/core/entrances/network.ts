// Entrance: how requests reach the server on a corporate network (proxy, CAs); each host sets it at start.
export { ENV_NETWORK, useNetwork, type ProxyResolver } from '../api/network.ts';
