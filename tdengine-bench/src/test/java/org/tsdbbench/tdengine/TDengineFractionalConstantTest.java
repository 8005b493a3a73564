package org.tsdbbench.tdengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Session;

/**
 * A constant with a fraction reaches the 3.x server and is read right, in a filter and in an
 * expression, over the session on REST and native: an earlier build of ../shared/tdengine's 3.3.0.1
 * decoded each as 0 ({@code temperature * 0.5} was 0, {@code / 2.0} NULL, {@code > 4500.0} kept
 * every row); the IoT dialect's thresholds and ratios ({@code fs < 0.1}, {@code COUNT(*) / 144.0})
 * say them as TSBS does.
 */
class TDengineFractionalConstantTest {

    private static final WorkloadSpec SPEC =
            new WorkloadSpec(1, 4, WorkloadSpec.DEFAULT_START_TS, WorkloadSpec.DEFAULT_SEED);

    @ParameterizedTest
    @EnumSource(value = ConnectionPath.class, names = {"REST", "NATIVE"})
    void aFractionalConstantInAFilterAndAnExpressionIsReadRight(ConnectionPath path) throws Exception {
        assumeTrue(TDengineServer.skipReason() == null, TDengineServer.skipReason());
        ConnectionOptions o = new TDengineServer(path, 3).connection();
        try (Session s = new TDengineDatabase().open(o)) {
            String version = s.facts(DevicesWorkload.INSTANCE).serverVersion();
            assertEquals(3, ServerVersion.parse(version).major(),
                    "this test expects TDengine 3.x at " + o.address() + ", which runs " + version);
            SPEC.recreateSchema(s);
            int[] temperature = {1996, 4500, 4501, 9000};
            float[] humidity = {0.25f, 0.5f, 12.75f, 100f};
            RowBatch rows = new RowBatch(temperature.length);
            for (int i = 0; i < temperature.length; i++) {
                rows.add(1, "dev1", 1, SPEC.startTs() + i * WorkloadSpec.INTERVAL_MS, temperature[i], humidity[i]);
            }
            assertEquals(temperature.length, rows.write(s));

            assertEquals(List.of("[2250.5, 2250.5, 4502.5, 6.375]", "[4500.0, 4500.0, 9001.5, 50.0]"),
                    rows(s, "SELECT temperature * 0.5, temperature / 2.0, temperature + 1.5, humidity * 0.5"
                            + " FROM devices WHERE temperature > 4500.0 ORDER BY ts"));
            assertEquals(List.of("[0.25]"), rows(s, "SELECT COUNT(*) / 4.0 FROM devices WHERE humidity < 0.5"));
        }
    }

    /** Each row the query answers, its values as {@link Arrays#toString(double[])} says them. */
    private static List<String> rows(Session s, String query) throws DatabaseException {
        List<String> got = new ArrayList<>();
        s.query(query, values -> got.add(Arrays.toString(values)));
        return got;
    }
}
