// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

/// A value anyone may set, each setter's last value, and how many times it was set.
contract Storage {
    uint256 public value;
    uint256 public updates;
    mapping(address => uint256) public lastSetBy;

    event ValueChanged(address indexed by, uint256 previous, uint256 current);

    constructor(uint256 initial) {
        value = initial;
        emit ValueChanged(msg.sender, 0, initial);
    }

    function set(uint256 current) external {
        emit ValueChanged(msg.sender, value, current);
        value = current;
        updates += 1;
        lastSetBy[msg.sender] = current;
    }
}
