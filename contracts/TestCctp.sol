// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// The dev chains' stand-ins for Circle's CCTP V2, written for Billfold: the two contracts a transfer
/// calls, with Circle's function signatures, events, revert reasons and message layout (MessageV2
/// and BurnMessageV2, version 1), at Circle's test-network addresses. One dev attester signs, where
/// Circle's attesters do; the dev USDC has one address on every dev chain, so each chain's
/// TokenMessenger is every other's remote one and its USDC every other's remote token. Deployed with
/// `anvil_setCode`, then `initialize` once: no constructor runs.

interface IDevUsdc {
    function transferFrom(address from, address to, uint256 value) external returns (bool);
    function burn(uint256 amount) external;
    function mint(address to, uint256 value) external;
}

interface IMessageHandlerV2 {
    function handleReceiveFinalizedMessage(
        uint32 remoteDomain,
        bytes32 sender,
        uint32 finalityThresholdExecuted,
        bytes calldata messageBody
    ) external returns (bool);

    function handleReceiveUnfinalizedMessage(
        uint32 remoteDomain,
        bytes32 sender,
        uint32 finalityThresholdExecuted,
        bytes calldata messageBody
    ) external returns (bool);
}

// Circle's threshold at and above which a message was attested once its source block was final.
uint32 constant FINALITY_THRESHOLD_FINALIZED = 2000;

function toBytes32(address a) pure returns (bytes32) {
    return bytes32(uint256(uint160(a)));
}

function toAddress(bytes32 b) pure returns (address) {
    return address(uint160(uint256(b)));
}

/// MessageTransmitterV2: emits each outgoing message with an empty nonce (the attester assigns it),
/// and on the destination checks the attester's signature over the message, spends its nonce once
/// and hands the body to its recipient.
contract TestMessageTransmitterV2 {
    uint32 public constant version = 1;
    uint256 public constant signatureThreshold = 1;
    uint256 private constant SIGNATURE_LENGTH = 65;

    uint32 public localDomain;
    address private attester;
    mapping(bytes32 => uint256) public usedNonces;

    event MessageSent(bytes message);
    event MessageReceived(
        address indexed caller,
        uint32 sourceDomain,
        bytes32 indexed nonce,
        bytes32 sender,
        uint32 indexed finalityThresholdExecuted,
        bytes messageBody
    );

    function initialize(uint32 domain, address devAttester) external {
        require(attester == address(0), "Already initialized");
        require(devAttester != address(0), "New attester must be nonzero");
        localDomain = domain;
        attester = devAttester;
    }

    function isEnabledAttester(address account) external view returns (bool) {
        return account == attester;
    }

    function getEnabledAttester(uint256 index) external view returns (address) {
        require(index == 0, "Index out of bounds");
        return attester;
    }

    function getNumEnabledAttesters() external pure returns (uint256) {
        return 1;
    }

    function sendMessage(
        uint32 destinationDomain,
        bytes32 recipient,
        bytes32 destinationCaller,
        uint32 minFinalityThreshold,
        bytes calldata messageBody
    ) external {
        require(destinationDomain != localDomain, "Domain is local domain");
        require(recipient != bytes32(0), "Recipient must be nonzero");
        emit MessageSent(
            abi.encodePacked(
                version,
                localDomain,
                destinationDomain,
                bytes32(0),
                toBytes32(msg.sender),
                recipient,
                destinationCaller,
                minFinalityThreshold,
                uint32(0),
                messageBody
            )
        );
    }

    /// Offsets of MessageV2: version 0, source 4, destination 8, nonce 12, sender 44, recipient 76,
    /// destination caller 108, min finality 140, finality executed 144, body 148.
    function receiveMessage(bytes calldata message, bytes calldata attestation) external returns (bool success) {
        require(attestation.length == SIGNATURE_LENGTH * signatureThreshold, "Invalid attestation length");
        require(_recover(keccak256(message), attestation) == attester, "Invalid signature: not attester");
        require(message.length >= 148, "Invalid message: too short");
        require(uint32(bytes4(message[0:4])) == version, "Invalid message version");
        require(uint32(bytes4(message[8:12])) == localDomain, "Invalid destination domain");
        bytes32 destinationCaller = bytes32(message[108:140]);
        require(
            destinationCaller == bytes32(0) || destinationCaller == toBytes32(msg.sender),
            "Invalid caller for message"
        );
        bytes32 nonce = bytes32(message[12:44]);
        require(usedNonces[nonce] == 0, "Nonce already used");
        usedNonces[nonce] = 1;

        uint32 sourceDomain = uint32(bytes4(message[4:8]));
        bytes32 sender = bytes32(message[44:76]);
        address recipient = toAddress(bytes32(message[76:108]));
        uint32 finalityExecuted = uint32(bytes4(message[144:148]));
        bytes calldata body = message[148:];
        IMessageHandlerV2 handler = IMessageHandlerV2(recipient);
        bool handled = finalityExecuted >= FINALITY_THRESHOLD_FINALIZED
            ? handler.handleReceiveFinalizedMessage(sourceDomain, sender, finalityExecuted, body)
            : handler.handleReceiveUnfinalizedMessage(sourceDomain, sender, finalityExecuted, body);
        require(handled, "handleReceiveMessage() failed");
        emit MessageReceived(msg.sender, sourceDomain, nonce, sender, finalityExecuted, body);
        return true;
    }

    /// ecrecover of a 65-byte r‖s‖v signature over the digest itself (no prefix), low s, v of 27 or 28.
    function _recover(bytes32 digest, bytes calldata signature) private pure returns (address) {
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        require(uint256(s) <= 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0, "ECDSA: invalid signature 's' value");
        require(v == 27 || v == 28, "ECDSA: invalid signature 'v' value");
        address signer = ecrecover(digest, v, r, s);
        require(signer != address(0), "ECDSA: invalid signature");
        return signer;
    }
}

/// TokenMessengerV2: `depositForBurn` burns the sender's USDC and sends a BurnMessageV2 to the
/// destination's TokenMessenger; the message, once attested and received there, mints the amount
/// less the fee executed to the mint recipient.
contract TestTokenMessengerV2 {
    uint32 public constant messageBodyVersion = 1;

    TestMessageTransmitterV2 public localMessageTransmitter;
    IDevUsdc private usdc;

    event DepositForBurn(
        address indexed burnToken,
        uint256 amount,
        address indexed depositor,
        bytes32 mintRecipient,
        uint32 destinationDomain,
        bytes32 destinationTokenMessenger,
        bytes32 destinationCaller,
        uint256 maxFee,
        uint32 indexed minFinalityThreshold,
        bytes hookData
    );
    event MintAndWithdraw(address indexed mintRecipient, uint256 amount, address indexed mintToken, uint256 feeCollected);

    function initialize(TestMessageTransmitterV2 transmitter, IDevUsdc devUsdc) external {
        require(address(localMessageTransmitter) == address(0), "Already initialized");
        localMessageTransmitter = transmitter;
        usdc = devUsdc;
    }

    function depositForBurn(
        uint256 amount,
        uint32 destinationDomain,
        bytes32 mintRecipient,
        address burnToken,
        bytes32 destinationCaller,
        uint256 maxFee,
        uint32 minFinalityThreshold
    ) external {
        require(amount > 0, "Amount must be nonzero");
        require(mintRecipient != bytes32(0), "Mint recipient must be nonzero");
        require(maxFee < amount, "Max fee must be less than amount");
        require(burnToken == address(usdc), "Burn token not supported");
        require(usdc.transferFrom(msg.sender, address(this), amount), "Transfer operation failed");
        usdc.burn(amount);
        bytes memory burnMessage = abi.encodePacked(
            messageBodyVersion,
            toBytes32(burnToken),
            mintRecipient,
            amount,
            toBytes32(msg.sender),
            maxFee,
            uint256(0),
            uint256(0)
        );
        bytes32 destinationTokenMessenger = toBytes32(address(this));
        localMessageTransmitter.sendMessage(
            destinationDomain, destinationTokenMessenger, destinationCaller, minFinalityThreshold, burnMessage
        );
        emit DepositForBurn(
            burnToken,
            amount,
            msg.sender,
            mintRecipient,
            destinationDomain,
            destinationTokenMessenger,
            destinationCaller,
            maxFee,
            minFinalityThreshold,
            ""
        );
    }

    function handleReceiveFinalizedMessage(uint32, bytes32 sender, uint32, bytes calldata messageBody)
        external
        returns (bool)
    {
        return _mint(sender, messageBody);
    }

    function handleReceiveUnfinalizedMessage(uint32, bytes32 sender, uint32, bytes calldata messageBody)
        external
        returns (bool)
    {
        return _mint(sender, messageBody);
    }

    /// Offsets of BurnMessageV2: version 0, burn token 4, mint recipient 36, amount 68, sender 100,
    /// max fee 132, fee executed 164, expiration block 196, hook data 228.
    function _mint(bytes32 sender, bytes calldata body) private returns (bool) {
        require(msg.sender == address(localMessageTransmitter), "Invalid message transmitter");
        require(sender == toBytes32(address(this)), "Remote TokenMessenger unsupported");
        require(body.length >= 228, "Invalid burn message");
        require(uint32(bytes4(body[0:4])) == messageBodyVersion, "Invalid message body version");
        require(toAddress(bytes32(body[4:36])) == address(usdc), "Mint token not supported");
        uint256 expirationBlock = uint256(bytes32(body[196:228]));
        require(expirationBlock == 0 || expirationBlock > block.number, "Message expired and must be re-signed");
        address recipient = toAddress(bytes32(body[36:68]));
        uint256 amount = uint256(bytes32(body[68:100]));
        uint256 feeExecuted = uint256(bytes32(body[164:196]));
        require(feeExecuted < amount, "Fee equals or exceeds amount");
        usdc.mint(recipient, amount - feeExecuted);
        emit MintAndWithdraw(recipient, amount - feeExecuted, address(usdc), feeExecuted);
        return true;
    }
}
