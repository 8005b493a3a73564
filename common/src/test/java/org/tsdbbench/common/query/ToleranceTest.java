package org.tsdbbench.common.query;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Avg and stddev are checked within a tolerance derived from the number of rows: an answer over
 * one row more or one row less fails at every size up to 100 M rows, while what a correct database
 * can return (its double rounding, an answer printed with 9 decimals as TDengine 2.x's REST does)
 * passes. The expected totals are set directly: no 10^8 rows are made.
 */
class ToleranceTest {

    /** Temperatures from the data set's range: the coldest, 0, the one nearest the mean, a warm one, the warmest. */
    private static final int[] ROWS_OFF = {-17, 0, 10, 20, 38};

    /** Totals of {@code n} integer temperatures with mean about 10.37 and standard deviation about 8.3. */
    private static GroupStats stats(long n) {
        GroupStats s = new GroupStats();
        s.count = n;
        s.sum = Math.round(10.37 * n);
        double mean = (double) s.sum / n;
        s.sumSquares = Math.round((8.3 * 8.3 + mean * mean) * n);
        return s;
    }

    private static GroupStats plus(GroupStats base, int sign, int temperature) {
        GroupStats s = new GroupStats();
        s.count = base.count + sign;
        s.sum = base.sum + sign * temperature;
        s.sumSquares = base.sumSquares + sign * (long) temperature * temperature;
        return s;
    }

    private static String check(Aggregate fn, GroupStats expected, double answer) {
        LogicalQuery q = LogicalQuery.of(QueryFamily.Q2_AGGREGATE, fn, 100);
        Answer.Check c = ExpectedAnswers.values(q, new TreeMap<>(Map.of(0L, expected))).newCheck();
        c.row(new double[] {answer});
        return c.mismatch();
    }

    @ParameterizedTest(name = "{0} rows")
    @ValueSource(longs = {1_000, 1_000_000, 100_000_000})
    void oneRowMoreOrLessFailsAvgAndStddev(long n) {
        GroupStats exact = stats(n);
        for (int sign : new int[] {1, -1}) {
            for (int t : ROWS_OFF) {
                GroupStats off = plus(exact, sign, t);
                String what = (sign > 0 ? "one row more" : "one row less") + " at " + t + " degrees over " + n + " rows";
                assertNotNull(check(Aggregate.AVG, exact, off.value(Aggregate.AVG)), "avg of " + what + " passed");
                assertNotNull(check(Aggregate.STDDEV, exact, off.value(Aggregate.STDDEV)), "stddev of " + what + " passed");
            }
        }
    }

    @ParameterizedTest(name = "{0} rows")
    @ValueSource(longs = {1_000, 1_000_000, 100_000_000})
    void anotherSumOverTheSameRowsFails(long n) {
        GroupStats exact = stats(n);
        GroupStats oneDegreeMore = stats(n);
        oneDegreeMore.sum++;
        assertNotNull(check(Aggregate.AVG, exact, oneDegreeMore.value(Aggregate.AVG)));
    }

    @ParameterizedTest(name = "{0} rows")
    @ValueSource(longs = {1_000, 1_000_000, 100_000_000})
    void theSampleStddevIsNotThePopulationOne(long n) {
        GroupStats exact = stats(n);
        double sample = exact.value(Aggregate.STDDEV) * Math.sqrt((double) n / (n - 1));
        assertNotNull(check(Aggregate.STDDEV, exact, sample));
    }

    @ParameterizedTest(name = "{0} rows")
    @ValueSource(longs = {1_000, 1_000_000, 100_000_000})
    void whatACorrectDatabaseReturnsPasses(long n) {
        GroupStats exact = stats(n);
        BigDecimal avg = BigDecimal.valueOf(exact.sum).divide(BigDecimal.valueOf(n), MathContext.DECIMAL128);
        BigDecimal variance = BigDecimal.valueOf(exact.sumSquares).multiply(BigDecimal.valueOf(n))
                .subtract(BigDecimal.valueOf(exact.sum).pow(2)).divide(BigDecimal.valueOf(n).pow(2), MathContext.DECIMAL128);
        double stddev = variance.sqrt(MathContext.DECIMAL128).doubleValue();
        for (double answer : new double[] {avg.doubleValue(), avg.setScale(9, RoundingMode.HALF_UP).doubleValue(),
                avg.doubleValue() * (1 + 1e-13), avg.doubleValue() * (1 - 1e-13)}) {
            assertNull(check(Aggregate.AVG, exact, answer));
        }
        for (double answer : new double[] {stddev, BigDecimal.valueOf(stddev).setScale(9, RoundingMode.HALF_UP).doubleValue(),
                stddev * (1 + 1e-13), stddev * (1 - 1e-13)}) {
            assertNull(check(Aggregate.STDDEV, exact, answer));
        }
    }

    @ParameterizedTest(name = "{0} equal rows")
    @ValueSource(longs = {1, 2, 1_000_000})
    void noSpreadAtAllAllowsTheRoundingOfAVarianceComputedAsAMeanSquareLessASquaredMean(long n) {
        GroupStats same = new GroupStats();
        same.count = n;
        same.sum = 38 * n;
        same.sumSquares = 38L * 38 * n;
        double meanSquare = (double) same.sumSquares / n;
        double mean = (double) same.sum / n;
        // A few units in the last place of the mean square, left over where 0 was due.
        double leftover = Math.sqrt(4 * Math.ulp(meanSquare));
        assertNull(check(Aggregate.STDDEV, same, leftover), "leftover " + leftover + " of mean square " + meanSquare + ", mean " + mean);
        assertNotNull(check(Aggregate.STDDEV, same, 0.01));
    }
}
