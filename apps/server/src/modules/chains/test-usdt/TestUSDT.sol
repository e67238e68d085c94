// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/**
 * A test stand-in for Tether USD (USDT) on Ethereum, for the local chain of the tests and of
 * `npm run chain:dev`. Like the real contract it has 6 decimals, `transfer`, `transferFrom` and
 * `approve` return NO value (a caller that expects the ERC-20 `bool` must not rely on it), and
 * every movement emits the standard `Transfer(address indexed, address indexed, uint256)` event,
 * which is what a deposit watcher reads. The owner (the deployer) mints: one `Transfer` from the
 * zero address per credit, several in one transaction with `mintMany` (distinct log indexes).
 *
 * Compiled by apps/server/test/chain/compile.ts (solc from npm); the ABI and bytecode are
 * committed beside it in TestUSDT.json, and a test recompiles to check that they match.
 */
contract TestUSDT {
    string public constant name = "Test Tether USD";
    string public constant symbol = "USDT";
    uint8 public constant decimals = 6;

    address public owner;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor() {
        owner = msg.sender;
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    function transfer(address to, uint256 value) external {
        _move(msg.sender, to, value);
    }

    function transferFrom(address from, address to, uint256 value) external {
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= value, "allowance");
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
        _move(from, to, value);
    }

    /** As the real USDT: a non-zero allowance must be set to zero before it is changed. */
    function approve(address spender, uint256 value) external {
        require(value == 0 || allowance[msg.sender][spender] == 0, "reset allowance first");
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
    }

    function mint(address to, uint256 value) external onlyOwner {
        _mint(to, value);
    }

    function mintMany(address[] calldata to, uint256[] calldata values) external onlyOwner {
        require(to.length == values.length, "lengths");
        for (uint256 i = 0; i < to.length; i++) _mint(to[i], values[i]);
    }

    function _mint(address to, uint256 value) private {
        require(to != address(0), "zero address");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function _move(address from, address to, uint256 value) private {
        require(to != address(0), "zero address");
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
