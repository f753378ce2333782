// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// The immutable parameters of a payment channel; its EIP-712 hash is the
/// channel's id.
struct ChannelConfig {
    address payer;
    address payerAuthorizer; // an EOA that signs vouchers, or zero to check them against payer (EIP-1271 too)
    address receiver;
    address receiverAuthorizer; // signs claim batches and refunds
    address token;
    uint40 withdrawDelay;
    bytes32 salt;
}

/// The payer's promise: the receiver may claim up to maxClaimableAmount in
/// total from the channel.
struct Voucher {
    ChannelConfig channel;
    uint128 maxClaimableAmount;
}

/// One row of a claim: raise the channel's totalClaimed to totalClaimed,
/// within what voucher allows.
struct VoucherClaim {
    Voucher voucher;
    bytes signature;
    uint128 totalClaimed;
}

interface IERC20Minimal {
    function balanceOf(address account) external view returns (uint256);
}

interface IDepositCollector {
    function collect(address payer, address token, uint256 amount, bytes32 channelId, bytes calldata collectorData)
        external;
}

interface IERC1271 {
    function isValidSignature(bytes32 digest, bytes calldata signature) external view returns (bytes4);
}

/// @title x402BatchSettlement
/// @notice Payment channels of the x402 `batch-settlement` scheme. Payers
/// deposit once and sign cumulative vouchers off chain; receivers claim many
/// channels' vouchers in one transaction, which only updates accounting, and
/// settle sweeps everything claimed for a receiver and token in one transfer.
/// @dev The contract is placed in genesis state on some chains, so it has no
/// constructor, no immutables, and computes its EIP-712 domain on each call.
contract x402BatchSettlement {
    bytes32 public constant CHANNEL_CONFIG_TYPEHASH = keccak256(
        "ChannelConfig(address payer,address payerAuthorizer,address receiver,address receiverAuthorizer,address token,uint40 withdrawDelay,bytes32 salt)"
    );
    bytes32 private constant VOUCHER_TYPEHASH = keccak256("Voucher(bytes32 channelId,uint128 maxClaimableAmount)");
    bytes32 private constant REFUND_TYPEHASH = keccak256("Refund(bytes32 channelId,uint256 nonce,uint128 amount)");
    bytes32 private constant CLAIM_BATCH_TYPEHASH = keccak256(
        "ClaimBatch(ClaimEntry[] claims)ClaimEntry(bytes32 channelId,uint128 maxClaimableAmount,uint128 totalClaimed)"
    );
    bytes32 private constant CLAIM_ENTRY_TYPEHASH =
        keccak256("ClaimEntry(bytes32 channelId,uint128 maxClaimableAmount,uint128 totalClaimed)");
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant NAME_HASH = keccak256("x402 Batch Settlement");
    bytes32 private constant VERSION_HASH = keccak256("1");

    // Long enough for a receiver to claim what it is owed, short enough that
    // a payer's funds are never held hostage (15 minutes to 30 days).
    uint40 private constant MIN_WITHDRAW_DELAY = 900;
    uint40 private constant MAX_WITHDRAW_DELAY = 2_592_000;
    // Upper bound of s in a canonical signature (EIP-2).
    uint256 private constant HALF_ORDER = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    struct Channel {
        uint128 balance; // deposited minus withdrawn and refunded; claimed funds stay counted
        uint128 totalClaimed;
    }

    struct PendingWithdrawal {
        uint128 amount;
        uint40 initiatedAt;
    }

    struct ReceiverAccount {
        uint128 totalClaimed;
        uint128 totalSettled;
    }

    mapping(bytes32 channelId => Channel) public channels;
    mapping(bytes32 channelId => PendingWithdrawal) public pendingWithdrawals;
    mapping(address receiver => mapping(address token => ReceiverAccount)) public receivers;
    mapping(bytes32 channelId => uint256) public refundNonce;

    bool private transient entered;

    event ChannelCreated(bytes32 indexed channelId, ChannelConfig config);
    event ChannelClosed(bytes32 indexed channelId, ChannelConfig config);
    event Deposited(bytes32 indexed channelId, address indexed sender, uint128 amount, uint128 newBalance);
    event Claimed(bytes32 indexed channelId, address indexed sender, uint128 claimAmount, uint128 newTotalClaimed);
    event Settled(address indexed receiver, address indexed token, address indexed sender, uint128 amount);
    event Refunded(bytes32 indexed channelId, address indexed sender, uint128 amount);
    event WithdrawInitiated(bytes32 indexed channelId, uint128 amount, uint40 finalizeAfter);
    event WithdrawFinalized(bytes32 indexed channelId, address indexed sender, uint128 amount);

    error ReentrantCall();
    error ZeroAddress();
    error ZeroAmount();
    error WithdrawDelayOutOfRange(uint40 withdrawDelay);
    error DepositMismatch(uint256 expected, uint256 received);
    error Unauthorized(address caller);
    error EmptyClaimBatch();
    error ReceiverAuthorizerMismatch(bytes32 channelId);
    error InvalidAuthorizerSignature();
    error InvalidVoucherSignature(bytes32 channelId);
    error ClaimExceedsVoucher(bytes32 channelId, uint128 totalClaimed, uint128 maxClaimableAmount);
    error ClaimExceedsBalance(bytes32 channelId, uint128 totalClaimed, uint128 balance);
    error RefundNonceMismatch(uint256 expected, uint256 given);
    error WithdrawalPending(bytes32 channelId);
    error NoPendingWithdrawal(bytes32 channelId);
    error WithdrawalNotReady(uint40 finalizeAfter);
    error WithdrawExceedsAvailable(uint128 amount, uint128 available);
    error TokenTransferFailed(address token);

    modifier nonReentrant() {
        if (entered) revert ReentrantCall();
        entered = true;
        _;
        entered = false;
    }

    // ---- deposits ----

    /// @notice Adds amount to config's channel, pulled by collector from the
    /// payer (collector decides how: an ERC-3009 authorization, Permit2...).
    function deposit(ChannelConfig calldata config, uint128 amount, address collector, bytes calldata collectorData)
        external
        nonReentrant
    {
        if (
            config.payer == address(0) || config.receiver == address(0) || config.receiverAuthorizer == address(0)
                || config.token == address(0)
        ) revert ZeroAddress();
        if (config.withdrawDelay < MIN_WITHDRAW_DELAY || config.withdrawDelay > MAX_WITHDRAW_DELAY) {
            revert WithdrawDelayOutOfRange(config.withdrawDelay);
        }
        if (amount == 0) revert ZeroAmount();
        bytes32 channelId = getChannelId(config);

        // The collector is whatever the caller names, so only the tokens
        // that actually arrived count.
        uint256 held = IERC20Minimal(config.token).balanceOf(address(this));
        IDepositCollector(collector).collect(config.payer, config.token, amount, channelId, collectorData);
        uint256 received = IERC20Minimal(config.token).balanceOf(address(this)) - held;
        if (received != amount) revert DepositMismatch(amount, received);

        Channel storage ch = channels[channelId];
        if (ch.balance == 0 && ch.totalClaimed == 0) emit ChannelCreated(channelId, config);
        uint128 newBalance = ch.balance + amount;
        ch.balance = newBalance;
        emit Deposited(channelId, msg.sender, amount, newBalance);
    }

    // ---- claims and settlement ----

    /// @notice Claims vouchers as the receiver or receiver authorizer of
    /// every row.
    function claim(VoucherClaim[] calldata voucherClaims) external nonReentrant {
        for (uint256 i = 0; i < voucherClaims.length; i++) {
            ChannelConfig calldata c = voucherClaims[i].voucher.channel;
            if (msg.sender != c.receiver && msg.sender != c.receiverAuthorizer) revert Unauthorized(msg.sender);
            _claim(voucherClaims[i]);
        }
    }

    /// @notice Claims vouchers on the strength of a ClaimBatch signature by
    /// the receiver authorizer all rows share; anyone may relay it.
    function claimWithSignature(VoucherClaim[] calldata voucherClaims, bytes calldata authorizerSignature)
        external
        nonReentrant
    {
        if (voucherClaims.length == 0) revert EmptyClaimBatch();
        address authorizer = voucherClaims[0].voucher.channel.receiverAuthorizer;
        for (uint256 i = 1; i < voucherClaims.length; i++) {
            ChannelConfig calldata c = voucherClaims[i].voucher.channel;
            if (c.receiverAuthorizer != authorizer) revert ReceiverAuthorizerMismatch(getChannelId(c));
        }
        if (!_isValidSignatureNow(authorizer, getClaimBatchDigest(voucherClaims), authorizerSignature)) {
            revert InvalidAuthorizerSignature();
        }
        for (uint256 i = 0; i < voucherClaims.length; i++) {
            _claim(voucherClaims[i]);
        }
    }

    /// @notice Transfers everything claimed and not yet settled for receiver
    /// in token to receiver. Anyone may call it; nothing to settle is a no-op.
    function settle(address receiver, address token) external nonReentrant {
        ReceiverAccount storage account = receivers[receiver][token];
        uint128 amount = account.totalClaimed - account.totalSettled;
        if (amount == 0) return;
        account.totalSettled = account.totalClaimed;
        _transfer(token, receiver, amount);
        emit Settled(receiver, token, msg.sender, amount);
    }

    // A row at or below what is already claimed is skipped, so a stale
    // voucher does not sink the batch it is in.
    function _claim(VoucherClaim calldata row) private {
        ChannelConfig calldata c = row.voucher.channel;
        bytes32 channelId = getChannelId(c);
        Channel storage ch = channels[channelId];
        uint128 claimed = ch.totalClaimed;
        if (row.totalClaimed <= claimed) return;
        if (row.totalClaimed > row.voucher.maxClaimableAmount) {
            revert ClaimExceedsVoucher(channelId, row.totalClaimed, row.voucher.maxClaimableAmount);
        }
        if (row.totalClaimed > ch.balance) revert ClaimExceedsBalance(channelId, row.totalClaimed, ch.balance);

        bytes32 digest = getVoucherDigest(channelId, row.voucher.maxClaimableAmount);
        bool valid = c.payerAuthorizer != address(0)
            ? _recover(digest, row.signature) == c.payerAuthorizer
            : _isValidSignatureNow(c.payer, digest, row.signature);
        if (!valid) revert InvalidVoucherSignature(channelId);

        uint128 delta = row.totalClaimed - claimed;
        ch.totalClaimed = row.totalClaimed;
        receivers[c.receiver][c.token].totalClaimed += delta;
        emit Claimed(channelId, msg.sender, delta, row.totalClaimed);
    }

    // ---- refunds ----

    /// @notice Returns up to amount of the unclaimed escrow to the payer, as
    /// the receiver or receiver authorizer.
    function refund(ChannelConfig calldata config, uint128 amount) external nonReentrant {
        if (msg.sender != config.receiver && msg.sender != config.receiverAuthorizer) revert Unauthorized(msg.sender);
        _refund(config, getChannelId(config), amount);
    }

    /// @notice The same on the strength of a Refund signature by the receiver
    /// authorizer for the channel's current refund nonce; anyone may relay it.
    function refundWithSignature(
        ChannelConfig calldata config,
        uint128 amount,
        uint256 nonce,
        bytes calldata receiverAuthorizerSignature
    ) external nonReentrant {
        bytes32 channelId = getChannelId(config);
        uint256 expected = refundNonce[channelId];
        if (nonce != expected) revert RefundNonceMismatch(expected, nonce);
        if (!_isValidSignatureNow(
                config.receiverAuthorizer, getRefundDigest(channelId, nonce, amount), receiverAuthorizerSignature
            )) revert InvalidAuthorizerSignature();
        _refund(config, channelId, amount);
    }

    // The nonce advances even when nothing is left to refund, so every
    // refund, direct or signed, spends the signatures made for the nonce
    // before it.
    function _refund(ChannelConfig calldata config, bytes32 channelId, uint128 amount) private {
        if (amount == 0) revert ZeroAmount();
        refundNonce[channelId]++;
        Channel storage ch = channels[channelId];
        uint128 available = ch.balance - ch.totalClaimed;
        uint128 paid = amount < available ? amount : available;
        if (paid == 0) return;
        ch.balance -= paid;

        PendingWithdrawal storage pending = pendingWithdrawals[channelId];
        if (pending.initiatedAt != 0) {
            if (paid >= pending.amount) delete pendingWithdrawals[channelId];
            else pending.amount -= paid;
        }
        _transfer(config.token, config.payer, paid);
        emit Refunded(channelId, msg.sender, paid);
        if (ch.balance == 0 && ch.totalClaimed == 0) emit ChannelClosed(channelId, config);
    }

    // ---- timed withdrawal ----

    /// @notice Starts the payer's unilateral exit: after the channel's
    /// withdraw delay, finalizeWithdraw returns up to amount. The receiver
    /// may claim vouchers meanwhile.
    function initiateWithdraw(ChannelConfig calldata config, uint128 amount) external nonReentrant {
        _onlyPayer(config);
        if (amount == 0) revert ZeroAmount();
        bytes32 channelId = getChannelId(config);
        if (pendingWithdrawals[channelId].initiatedAt != 0) revert WithdrawalPending(channelId);
        Channel storage ch = channels[channelId];
        uint128 available = ch.balance - ch.totalClaimed;
        if (amount > available) revert WithdrawExceedsAvailable(amount, available);
        uint40 now_ = uint40(block.timestamp);
        pendingWithdrawals[channelId] = PendingWithdrawal(amount, now_);
        emit WithdrawInitiated(channelId, amount, now_ + config.withdrawDelay);
    }

    /// @notice Completes a withdrawal whose delay has passed, paying what is
    /// still unclaimed of it.
    function finalizeWithdraw(ChannelConfig calldata config) external nonReentrant {
        _onlyPayer(config);
        bytes32 channelId = getChannelId(config);
        PendingWithdrawal memory pending = pendingWithdrawals[channelId];
        if (pending.initiatedAt == 0) revert NoPendingWithdrawal(channelId);
        uint40 finalizeAfter = pending.initiatedAt + config.withdrawDelay;
        if (block.timestamp < finalizeAfter) revert WithdrawalNotReady(finalizeAfter);
        delete pendingWithdrawals[channelId];

        Channel storage ch = channels[channelId];
        uint128 available = ch.balance - ch.totalClaimed;
        uint128 paid = pending.amount < available ? pending.amount : available;
        if (paid != 0) {
            ch.balance -= paid;
            _transfer(config.token, config.payer, paid);
        }
        emit WithdrawFinalized(channelId, msg.sender, paid);
        if (ch.balance == 0 && ch.totalClaimed == 0) emit ChannelClosed(channelId, config);
    }

    function _onlyPayer(ChannelConfig calldata config) private view {
        if (msg.sender != config.payer && (config.payerAuthorizer == address(0) || msg.sender != config.payerAuthorizer))
        {
            revert Unauthorized(msg.sender);
        }
    }

    // ---- batching ----

    /// @notice Runs calls to this contract in order, in one transaction (a
    /// deposit and a claim, say); any failure reverts them all.
    function multicall(bytes[] calldata data) external returns (bytes[] memory results) {
        results = new bytes[](data.length);
        for (uint256 i = 0; i < data.length; i++) {
            (bool ok, bytes memory result) = address(this).delegatecall(data[i]);
            if (!ok) {
                assembly {
                    revert(add(result, 0x20), mload(result))
                }
            }
            results[i] = result;
        }
    }

    // ---- EIP-712 ----

    function getChannelId(ChannelConfig calldata config) public view returns (bytes32) {
        return _hashTyped(
            keccak256(
                abi.encode(
                    CHANNEL_CONFIG_TYPEHASH,
                    config.payer,
                    config.payerAuthorizer,
                    config.receiver,
                    config.receiverAuthorizer,
                    config.token,
                    config.withdrawDelay,
                    config.salt
                )
            )
        );
    }

    function getVoucherDigest(bytes32 channelId, uint128 maxClaimableAmount) public view returns (bytes32) {
        return _hashTyped(keccak256(abi.encode(VOUCHER_TYPEHASH, channelId, maxClaimableAmount)));
    }

    function getRefundDigest(bytes32 channelId, uint256 nonce, uint128 amount) public view returns (bytes32) {
        return _hashTyped(keccak256(abi.encode(REFUND_TYPEHASH, channelId, nonce, amount)));
    }

    function getClaimBatchDigest(VoucherClaim[] calldata voucherClaims) public view returns (bytes32) {
        bytes32[] memory entries = new bytes32[](voucherClaims.length);
        for (uint256 i = 0; i < voucherClaims.length; i++) {
            VoucherClaim calldata row = voucherClaims[i];
            entries[i] = keccak256(
                abi.encode(
                    CLAIM_ENTRY_TYPEHASH,
                    getChannelId(row.voucher.channel),
                    row.voucher.maxClaimableAmount,
                    row.totalClaimed
                )
            );
        }
        return _hashTyped(keccak256(abi.encode(CLAIM_BATCH_TYPEHASH, keccak256(abi.encodePacked(entries)))));
    }

    function _hashTyped(bytes32 structHash) private view returns (bytes32) {
        bytes32 domain = keccak256(abi.encode(DOMAIN_TYPEHASH, NAME_HASH, VERSION_HASH, block.chainid, address(this)));
        return keccak256(abi.encodePacked("\x19\x01", domain, structHash));
    }

    // ---- signatures and transfers ----

    // ECDSA over a 65-byte r ‖ s ‖ v signature with a low s; zero when the
    // signature is malformed or does not recover.
    function _recover(bytes32 digest, bytes calldata signature) private pure returns (address) {
        if (signature.length != 65) return address(0);
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > HALF_ORDER || (v != 27 && v != 28)) return address(0);
        return ecrecover(digest, v, r, s);
    }

    // ECDSA for an account without code's key, EIP-1271 for a contract
    // account (a smart wallet).
    function _isValidSignatureNow(address signer, bytes32 digest, bytes calldata signature)
        private
        view
        returns (bool)
    {
        address recovered = _recover(digest, signature);
        if (recovered != address(0) && recovered == signer) return true;
        if (signer.code.length == 0) return false;
        (bool ok, bytes memory result) =
            signer.staticcall(abi.encodeCall(IERC1271.isValidSignature, (digest, signature)));
        return ok && result.length >= 32 && abi.decode(result, (bytes32)) == bytes32(IERC1271.isValidSignature.selector);
    }

    // Tolerates tokens that return nothing from transfer, as USDT does.
    function _transfer(address token, address to, uint256 amount) private {
        (bool ok, bytes memory result) = token.call(abi.encodeWithSignature("transfer(address,uint256)", to, amount));
        if (!ok || (result.length != 0 && !abi.decode(result, (bool))) || (result.length == 0 && token.code.length == 0))
        {
            revert TokenTransferFailed(token);
        }
    }
}
