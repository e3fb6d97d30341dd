// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// The dev chain's price feeds: Chainlink's AggregatorV3Interface as its proxies answer it (round
/// ids carry the phase in their top 16 bits, as a proxy's do), with setters so that every case a
/// real feed can present is reachable on Anvil: a fresh answer, a stale one, a negative one, a round
/// not answered in itself. With 0 decimals and answers 0 (up) or 1 (down) it is an L2 sequencer
/// uptime feed, whose `startedAt` is when the status last changed. Deployed with `anvil_setCode`:
/// no constructor runs, so `initialize` sets what a constructor would. Anyone may set it: dev chain only.
contract TestPriceFeed {
    struct Round {
        int256 answer;
        uint256 startedAt;
        uint256 updatedAt;
        uint80 answeredInRound;
    }

    uint80 internal constant PHASE = uint80(1) << 64;

    uint8 public decimals;
    string public description;
    uint80 internal latestRoundId;
    mapping(uint80 => Round) internal rounds;

    function version() external pure returns (uint256) {
        return 4;
    }

    function initialize(uint8 decimals_, string calldata description_) external {
        decimals = decimals_;
        description = description_;
    }

    /// A new round, answered now, as the feed's oracles would write it.
    function updateAnswer(int256 answer) external {
        uint80 roundId = latestRoundId == 0 ? PHASE + 1 : latestRoundId + 1;
        setRound(roundId, answer, block.timestamp, block.timestamp, roundId);
    }

    /// Any round, made the latest: for answers from the past and rounds answered in an earlier one.
    function setRound(uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
        public
    {
        rounds[roundId] = Round(answer, startedAt, updatedAt, answeredInRound);
        latestRoundId = roundId;
    }

    function getRoundData(uint80 roundId)
        public
        view
        returns (uint80, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        Round memory round = rounds[roundId];
        require(round.updatedAt != 0 || round.startedAt != 0, "No data present");
        return (roundId, round.answer, round.startedAt, round.updatedAt, round.answeredInRound);
    }

    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        return getRoundData(latestRoundId);
    }
}
