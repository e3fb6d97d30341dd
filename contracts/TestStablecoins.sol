// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// The dev chain's stablecoins, one per real token Billfold accepts, each behaving as its real
/// counterpart does where Billfold depends on it: USDC and EURC carry ERC-3009 as Circle's FiatToken
/// v2.2 does (both signature forms, ERC-1271 for smart accounts) and its burn, USDT's transfer returns nothing,
/// DAI has 18 decimals and its own permit. Anyone may mint: dev chain only. Like any ERC-20 they
/// ignore calldata after the arguments, where Billfold puts the payment reference. Deployed with
/// `anvil_setCode`, so everything is a constant or in storage: no constructor runs.

interface IERC1271 {
    function isValidSignature(bytes32 hash, bytes memory signature) external view returns (bytes4);
}

abstract contract TestToken {
    bytes32 internal constant EIP712_DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");

    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function name() public pure virtual returns (string memory);
    function symbol() external pure virtual returns (string memory);
    function decimals() external pure virtual returns (uint8);

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function mint(address to, uint256 value) external {
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function _spend(address from, uint256 value) internal {
        if (from == msg.sender) return;
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= value, "allowance exceeded");
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
    }

    function _transfer(address from, address to, uint256 value) internal {
        require(to != address(0), "transfer to the zero address");
        uint256 balance = balanceOf[from];
        require(balance >= value, "transfer amount exceeds balance");
        unchecked {
            balanceOf[from] = balance - value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    function _domainSeparator(string memory version) internal view returns (bytes32) {
        return keccak256(
            abi.encode(
                EIP712_DOMAIN_TYPEHASH, keccak256(bytes(name())), keccak256(bytes(version)), block.chainid, address(this)
            )
        );
    }

    /// ecrecover with the checks OpenZeppelin's and Circle's ECRecover make: low s, v of 27 or 28.
    function _recover(bytes32 digest, uint8 v, bytes32 r, bytes32 s) internal pure returns (address) {
        if (uint256(s) > 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0) return address(0);
        if (v != 27 && v != 28) return address(0);
        return ecrecover(digest, v, r, s);
    }
}

/// ERC-3009 as Circle's FiatToken v2.2 implements it.
abstract contract FiatToken is TestToken {
    bytes32 public constant TRANSFER_WITH_AUTHORIZATION_TYPEHASH = keccak256(
        "TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
    );
    bytes32 public constant CANCEL_AUTHORIZATION_TYPEHASH =
        keccak256("CancelAuthorization(address authorizer,bytes32 nonce)");

    mapping(address => mapping(bytes32 => bool)) private _authorizationStates;

    event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce);
    event AuthorizationCanceled(address indexed authorizer, bytes32 indexed nonce);
    event Burn(address indexed burner, uint256 amount);

    function version() external pure returns (string memory) {
        return "2";
    }

    function DOMAIN_SEPARATOR() external view returns (bytes32) {
        return _domainSeparator("2");
    }

    function authorizationState(address authorizer, bytes32 nonce) external view returns (bool) {
        return _authorizationStates[authorizer][nonce];
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        _spend(from, value);
        _transfer(from, to, value);
        return true;
    }

    /// As FiatToken's minters burn (the dev chains' CCTP TokenMessenger); here anyone burns their own.
    function burn(uint256 amount) external {
        uint256 balance = balanceOf[msg.sender];
        require(amount > 0, "FiatToken: burn amount not greater than 0");
        require(balance >= amount, "FiatToken: burn amount exceeds balance");
        unchecked {
            balanceOf[msg.sender] = balance - amount;
        }
        totalSupply -= amount;
        emit Burn(msg.sender, amount);
        emit Transfer(msg.sender, address(0), amount);
    }

    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        transferWithAuthorization(from, to, value, validAfter, validBefore, nonce, abi.encodePacked(r, s, v));
    }

    /// The form smart accounts use: any signature bytes, checked by ERC-1271 when `from` is a contract.
    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes memory signature
    ) public {
        require(block.timestamp > validAfter, "FiatTokenV2: authorization is not yet valid");
        require(block.timestamp < validBefore, "FiatTokenV2: authorization is expired");
        _requireUnused(from, nonce);
        bytes32 structHash =
            keccak256(abi.encode(TRANSFER_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce));
        require(_isValidSignatureNow(from, _digest(structHash), signature), "FiatTokenV2: invalid signature");
        _authorizationStates[from][nonce] = true;
        emit AuthorizationUsed(from, nonce);
        _transfer(from, to, value);
    }

    function cancelAuthorization(address authorizer, bytes32 nonce, bytes memory signature) external {
        _requireUnused(authorizer, nonce);
        bytes32 structHash = keccak256(abi.encode(CANCEL_AUTHORIZATION_TYPEHASH, authorizer, nonce));
        require(_isValidSignatureNow(authorizer, _digest(structHash), signature), "FiatTokenV2: invalid signature");
        _authorizationStates[authorizer][nonce] = true;
        emit AuthorizationCanceled(authorizer, nonce);
    }

    function _requireUnused(address authorizer, bytes32 nonce) private view {
        require(!_authorizationStates[authorizer][nonce], "FiatTokenV2: authorization is used or canceled");
    }

    function _digest(bytes32 structHash) private view returns (bytes32) {
        return keccak256(abi.encodePacked("\x19\x01", _domainSeparator("2"), structHash));
    }

    /// An ordinary account's signature by ecrecover, else a contract's by ERC-1271 (SignatureChecker).
    function _isValidSignatureNow(address signer, bytes32 digest, bytes memory signature) private view returns (bool) {
        if (signature.length == 65) {
            bytes32 r;
            bytes32 s;
            uint8 v;
            assembly {
                r := mload(add(signature, 0x20))
                s := mload(add(signature, 0x40))
                v := byte(0, mload(add(signature, 0x60)))
            }
            address recovered = _recover(digest, v, r, s);
            if (recovered != address(0) && recovered == signer) return true;
        }
        if (signer.code.length == 0) return false;
        (bool ok, bytes memory answer) =
            signer.staticcall(abi.encodeWithSelector(IERC1271.isValidSignature.selector, digest, signature));
        return ok && answer.length >= 32 && abi.decode(answer, (bytes32)) == bytes32(IERC1271.isValidSignature.selector);
    }
}

contract TestUSDC is FiatToken {
    function name() public pure override returns (string memory) {
        return "USD Coin";
    }

    function symbol() external pure override returns (string memory) {
        return "USDC";
    }

    function decimals() external pure override returns (uint8) {
        return 6;
    }
}

contract TestEURC is FiatToken {
    function name() public pure override returns (string memory) {
        return "EURC";
    }

    function symbol() external pure override returns (string memory) {
        return "EURC";
    }

    function decimals() external pure override returns (uint8) {
        return 6;
    }
}

/// Tether's Ethereum contract predates ERC-20's return values: transfer and transferFrom return nothing.
contract TestUSDT is TestToken {
    function name() public pure override returns (string memory) {
        return "Tether USD";
    }

    function symbol() external pure override returns (string memory) {
        return "USDT";
    }

    function decimals() external pure override returns (uint8) {
        return 6;
    }

    function transfer(address to, uint256 value) external {
        _transfer(msg.sender, to, value);
    }

    function transferFrom(address from, address to, uint256 value) external {
        _spend(from, value);
        _transfer(from, to, value);
    }
}

/// DAI: 18 decimals and its own permit (all or nothing, with a nonce per holder and an optional expiry).
contract TestDAI is TestToken {
    bytes32 public constant PERMIT_TYPEHASH =
        keccak256("Permit(address holder,address spender,uint256 nonce,uint256 expiry,bool allowed)");

    mapping(address => uint256) public nonces;

    function name() public pure override returns (string memory) {
        return "Dai Stablecoin";
    }

    function symbol() external pure override returns (string memory) {
        return "DAI";
    }

    function decimals() external pure override returns (uint8) {
        return 18;
    }

    function version() external pure returns (string memory) {
        return "1";
    }

    function DOMAIN_SEPARATOR() external view returns (bytes32) {
        return _domainSeparator("1");
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        _spend(from, value);
        _transfer(from, to, value);
        return true;
    }

    function permit(
        address holder,
        address spender,
        uint256 nonce,
        uint256 expiry,
        bool allowed,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        bytes32 digest = keccak256(
            abi.encodePacked(
                "\x19\x01",
                _domainSeparator("1"),
                keccak256(abi.encode(PERMIT_TYPEHASH, holder, spender, nonce, expiry, allowed))
            )
        );
        require(holder != address(0), "Dai/invalid-address-0");
        require(holder == _recover(digest, v, r, s), "Dai/invalid-permit");
        require(expiry == 0 || block.timestamp <= expiry, "Dai/permit-expired");
        require(nonce == nonces[holder]++, "Dai/invalid-nonce");
        uint256 value = allowed ? type(uint256).max : 0;
        allowance[holder][spender] = value;
        emit Approval(holder, spender, value);
    }
}
