import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import { BaseError } from '../../domain/baseError.ts'

export class WebhookTargetError extends BaseError {
  override name = 'WebhookTargetError'
  constructor(shortMessage: string, details?: string) {
    super({ code: 'WEBHOOK_TARGET_REFUSED', shortMessage, details })
  }
}

// Addresses a webhook must never reach from the server: the machine itself, private and shared
// networks, link-local (cloud metadata at 169.254.169.254 and fd00:ec2::254), multicast, reserved.
const internal = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  internal.addSubnet(net, bits, 'ipv4')
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2001:db8::', 32],
  ['100::', 64],
] as const)
  internal.addSubnet(net, bits, 'ipv6')

// Addresses no setting opens: link-local, where clouds answer with the host's credentials
// (169.254.169.254, AWS's fd00:ec2::254), including the IPv4 block embedded in IPv6 (NAT64 and the
// old IPv4-compatible form; BlockList judges an IPv4-mapped address by its IPv4 rules itself).
const neverReachable = new BlockList()
neverReachable.addSubnet('169.254.0.0', 16, 'ipv4')
neverReachable.addSubnet('fe80::', 10, 'ipv6')
neverReachable.addAddress('fd00:ec2::254', 'ipv6')
neverReachable.addSubnet('64:ff9b::a9fe:0', 112, 'ipv6')
neverReachable.addSubnet('::a9fe:0', 112, 'ipv6')

/** Whether `address` is in `list`; an IPv4-mapped IPv6 address is judged by its IPv4 part, and what is not an IP address is. */
function listed(list: BlockList, address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  if (mapped) return list.check(mapped, 'ipv4')
  const family = isIP(address)
  if (family === 0) return true
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/** Whether an IP address is link-local or a cloud's metadata service, in any of its written forms. */
export const isLinkLocalOrMetadata = (address: string): boolean => listed(neverReachable, address)

/** Whether an IP address is internal: loopback, private, shared, link-local, multicast or reserved. */
export const isInternalAddress = (address: string): boolean => listed(internal, address)

/**
 * The addresses to connect to for a webhook's host, all of them public, or an error that says why
 * not. Checked at every delivery on the address actually connected to, so a name that later
 * resolves to an internal address (DNS rebinding) is refused then.
 */
export async function publicAddressesOf(
  hostname: string,
  { webhooksAllowPrivate }: { webhooksAllowPrivate: boolean },
): Promise<{ address: string; family: number }[]> {
  const bare = hostname.replace(/^\[|\]$/g, '')
  let addresses: { address: string; family: number }[]
  try {
    addresses = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await lookup(bare, { all: true, verbatim: true })
  } catch (error) {
    throw new WebhookTargetError(`${hostname} could not be resolved.`, String(error))
  }
  if (addresses.length === 0) throw new WebhookTargetError(`${hostname} has no address.`)
  const forbidden = addresses.find((a) => isLinkLocalOrMetadata(a.address))
  if (forbidden)
    throw new WebhookTargetError(
      `${hostname} resolves to ${forbidden.address}, a link-local or cloud metadata address: webhooks never go there, whatever WEBHOOKS_ALLOW_PRIVATE says.`,
    )
  const refused = addresses.find((a) => isInternalAddress(a.address))
  if (refused && !webhooksAllowPrivate)
    throw new WebhookTargetError(
      `${hostname} resolves to ${refused.address}, an internal address (loopback, private, link-local or metadata): webhooks go to public addresses only. Set WEBHOOKS_ALLOW_PRIVATE=true to allow it.`,
    )
  return addresses
}

/** The rules of a webhook URL, checked when an endpoint is made: https, no credentials, a public host. */
export async function checkWebhookUrl(
  raw: string,
  { webhooksAllowPrivate }: { webhooksAllowPrivate: boolean },
): Promise<string | undefined> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'url must be an absolute https URL, e.g. "https://shop.example/billfold/webhooks".'
  }
  if (url.username || url.password) return 'url must not contain a user name or password.'
  if (raw.length > 2048) return 'url must be at most 2048 characters.'
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && webhooksAllowPrivate))
    return `url must be https, not ${url.protocol.replace(':', '')}${webhooksAllowPrivate ? '' : ' (plain http is allowed only with WEBHOOKS_ALLOW_PRIVATE=true, for a receiver on your own network)'}.`
  try {
    await publicAddressesOf(url.hostname, { webhooksAllowPrivate })
  } catch (error) {
    return `url: ${(error as WebhookTargetError).shortMessage}`
  }
  return undefined
}
