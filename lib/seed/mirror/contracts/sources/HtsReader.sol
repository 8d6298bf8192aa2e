// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

/// The ERC-20 face of an HTS token: Hedera serves it at the token's own address.
interface IHtsFungibleToken {
    function name() external view returns (string memory);
    function decimals() external view returns (uint8);
    function balanceOf(address account) external view returns (uint256);
}

/// The read-only part of the Hedera Token Service system contract that this reader uses.
interface IHederaTokenService {
    function isToken(address token) external returns (int64 responseCode, bool isToken);
    function getTokenType(address token) external returns (int64 responseCode, int32 tokenType);
}

/// Reads an HTS token through the token facade and the HTS system contract at 0x167.
contract HtsReader {
    IHederaTokenService private constant HTS = IHederaTokenService(address(0x167));
    int64 private constant SUCCESS = 22;

    event TokenRead(address indexed token, address indexed account, int32 tokenType, uint256 balance, uint8 decimals, string name);

    error NotAToken(address token);

    function read(address token, address account)
        external
        returns (int32 tokenType, uint256 balance, uint8 decimals, string memory name)
    {
        (int64 responseCode, bool isToken) = HTS.isToken(token);
        if (responseCode != SUCCESS || !isToken) revert NotAToken(token);
        (, tokenType) = HTS.getTokenType(token);
        IHtsFungibleToken facade = IHtsFungibleToken(token);
        balance = facade.balanceOf(account);
        decimals = facade.decimals();
        name = facade.name();
        emit TokenRead(token, account, tokenType, balance, decimals, name);
    }
}
