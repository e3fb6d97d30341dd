import { describe, expect, it } from 'vitest'
import { checkWebhookUrl, isInternalAddress, publicAddressesOf } from './webhookTarget.ts'

describe('webhook targets', () => {
  it('knows internal addresses in both families, mapped and metadata ones included', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a9fe:a9fe',
      'not-an-ip',
    ])
      expect(isInternalAddress(address), address).toBe(true)
    for (const address of ['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isInternalAddress(address), address).toBe(false)
  })

  it('refuses names that resolve to an internal address unless private addresses are allowed', async () => {
    await expect(publicAddressesOf('localhost', { webhooksAllowPrivate: false })).rejects.toMatchObject({
      code: 'WEBHOOK_TARGET_REFUSED',
    })
    await expect(publicAddressesOf('[::1]', { webhooksAllowPrivate: false })).rejects.toMatchObject({
      code: 'WEBHOOK_TARGET_REFUSED',
    })
    expect((await publicAddressesOf('localhost', { webhooksAllowPrivate: true })).length).toBeGreaterThan(0)
  })

  it('never reaches link-local or cloud metadata addresses, in any written form, even with private addresses allowed', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'http://[fd00:ec2::254]/latest/meta-data',
      'http://[::ffff:169.254.169.254]/latest/meta-data',
      'http://[::ffff:a9fe:a9fe]/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://[::a9fe:a9fe]/',
      'http://[fe80::1]/',
      'https://169.254.170.2/v2/credentials',
    ])
      expect(await checkWebhookUrl(url, { webhooksAllowPrivate: true }), url).toMatch(
        /a link-local or cloud metadata address: webhooks never go there/,
      )
    // Loopback and private networks stay open to a deployment that allows them (a shop on the same machine).
    expect(await checkWebhookUrl('http://127.0.0.1:8080/hooks', { webhooksAllowPrivate: true })).toBeUndefined()
    expect(await checkWebhookUrl('http://10.0.0.5/hooks', { webhooksAllowPrivate: true })).toBeUndefined()
    await expect(publicAddressesOf('169.254.169.254', { webhooksAllowPrivate: true })).rejects.toMatchObject({
      code: 'WEBHOOK_TARGET_REFUSED',
    })
  })

  it('asks for https without credentials, naming the field', async () => {
    expect(await checkWebhookUrl('http://shop.example/hook', { webhooksAllowPrivate: false })).toMatch(
      /^url must be https, not http/,
    )
    expect(await checkWebhookUrl('ftp://shop.example/hook', { webhooksAllowPrivate: true })).toMatch(
      /^url must be https, not ftp/,
    )
    expect(await checkWebhookUrl('https://user:pw@shop.example/hook', { webhooksAllowPrivate: false })).toBe(
      'url must not contain a user name or password.',
    )
    expect(await checkWebhookUrl('not a url', { webhooksAllowPrivate: false })).toMatch(
      /^url must be an absolute https URL/,
    )
    expect(await checkWebhookUrl('https://169.254.169.254/latest/meta-data', { webhooksAllowPrivate: false })).toMatch(
      /link-local or cloud metadata address/,
    )
    expect(await checkWebhookUrl('https://127.0.0.1:8443/hook', { webhooksAllowPrivate: false })).toMatch(
      /internal address/,
    )
    expect(await checkWebhookUrl('http://127.0.0.1:8443/hook', { webhooksAllowPrivate: true })).toBeUndefined()
  })
})
