package org.tsdbbench.opentsdb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.tsdbbench.common.contract.IotQueriesContract;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.iot.IotQueryType;
import org.tsdbbench.common.iot.IotRowSource;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.TableRows;
import org.tsdbbench.common.iot.TruckBatch;

/** The IoT trucks against the real OpenTSDB (on HBase) started by scripts/servers/opentsdb.sh: the shared contract, and what the layout stores. */
class OpenTsdbIotTest extends IotQueriesContract {

    @Override
    protected Database db() {
        return new OpenTsdbDatabase();
    }

    /**
     * README, The IoT trucks: a record's fuel_consumption filtered by its own velocity; a bucket's zero statuses counted;
     * points filtered by their value; a group of the points without a driver tag.
     */
    @Override
    protected Set<IotQueryType> absent() {
        return EnumSet.of(IotQueryType.AVG_VS_PROJECTED_FUEL_CONSUMPTION, IotQueryType.BREAKDOWN_FREQUENCY, IotQueryType.LATITUDE_EQUALS,
                IotQueryType.LATITUDE_STATS_BY_DRIVER);
    }

    /** A null field is no point: each field's metric holds a point per record that has the field, counted by OpenTSDB. */
    @Override
    protected void checkStored(Session s, String variant) throws Exception {
        long[][] present = new long[2][IotTable.MAX_FIELDS];
        try (IotRowSource all = generator().all()) {
            TruckBatch batch = new TruckBatch(all.trucks(), 10_000);
            while (all.fill(batch, batch.capacity()) > 0) {
                for (IotTable t : IotTable.values()) {
                    TableRows rows = batch.rows(t);
                    for (int r = 0; r < rows.size(); r++) {
                        for (int f = 0; f < t.fieldCount(); f++) if (!rows.isNull(r, f)) present[t.ordinal()][f]++;
                    }
                }
            }
        }
        OpenTsdbSession session = (OpenTsdbSession) s;
        for (IotTable t : IotTable.values()) {
            for (int f = 0; f < t.fieldCount(); f++) {
                String metric = IotPutBuilder.metric(t, f);
                assertEquals(present[t.ordinal()][f], session.points(List.of(metric)), metric + " points");
            }
        }
    }
}
