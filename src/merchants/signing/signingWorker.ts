import { parentPort } from 'node:worker_threads'
import type { Hex } from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'

// Signs payment requests for API keys' delegates off the server's main thread: a signature is a
// third of the time a REST create takes there. Each delegate's account is derived once.
const accounts = new Map<string, PrivateKeyAccount>()

type Job = { job: number; keyId: string; privateKey: Hex; typedData: Parameters<PrivateKeyAccount['signTypedData']>[0] }

parentPort!.on('message', async ({ job, keyId, privateKey, typedData }: Job) => {
  try {
    let account = accounts.get(keyId)
    if (!account) accounts.set(keyId, (account = privateKeyToAccount(privateKey)))
    parentPort!.postMessage({ job, signature: await account.signTypedData(typedData) })
  } catch (error) {
    parentPort!.postMessage({ job, error: String(error) })
  }
})
