#!/usr/bin/env bash
# Buys routes from a sandbox coinslot with the official x402 npm client
# (@x402/fetch + @x402/evm, x402 v2), checking each receipt, one over A2A
# with the official A2A client (@a2a-js/sdk), the seller's signed offers and
# receipts with the official verifier, a paid answer read again by signing
# in (sign-in-with-x), 100 calls over one batch-settlement deposit,
# checking that the seller's claim lands, then exact through Permit2 and
# upto from a wallet holding only USDC.
# BASE_URL selects a running service; without it one is built from this
# checkout and started, claiming every 2 seconds.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/service.sh"
export COINSLOT_BATCH_SETTLEMENT_CLAIM_EVERY=${COINSLOT_BATCH_SETTLEMENT_CLAIM_EVERY:-2s}
# The seller signs offers and receipts with account 5 of the development
# mnemonic; a service given by BASE_URL names its own signer in OFFER_SIGNER.
export COINSLOT_OFFER_KEY=${COINSLOT_OFFER_KEY:-0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba}
export OFFER_SIGNER=${OFFER_SIGNER:-0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc}
# 402s carry a sign-in-with-x challenge, for siwx.mjs.
export COINSLOT_SIWX_ENABLED=${COINSLOT_SIWX_ENABLED:-true}
start_service

# The sandbox funds the first accounts of the standard development mnemonic;
# account 1 leaves account 0 free for people trying the sandbox by hand.
export COINSLOT_BUYER_KEY=${COINSLOT_BUYER_KEY:-0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d}
export BASE_URL

cd "$here/../test/npm"
npm ci --no-audit --no-fund --loglevel=error
# x402-fetch (v1) signs only for the networks on its fixed list, which the
# sandbox chain (eip155:1337) is not; v1 is tested against Base terms in Go.
for tool in business_days trending_markets mcp_approval_pack; do
	TOOL=$tool CLIENTS=v2 node pay.mjs
done
# An A2A agent buys with the official A2A client and the x402 extension for A2A.
node a2a.mjs
node offer_receipt.mjs
# A paid answer read again with the official sign-in-with-x client only.
node siwx.mjs
# Account 2 pays over a channel of its own.
COINSLOT_BUYER_KEY=0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a CALLS=100 npm run batch
# A fresh wallet holding only USDC, funded by account 1, pays exact through
# Permit2 and, on a metered tool asked for more than it holds, upto.
UPTO_TOOL=trending_markets UPTO_BODY='{"limit":20}' node permit2.mjs
