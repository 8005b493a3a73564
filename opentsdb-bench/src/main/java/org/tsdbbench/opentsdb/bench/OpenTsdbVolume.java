package org.tsdbbench.opentsdb.bench;

import org.tsdbbench.common.bench.VolumeBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.opentsdb.OpenTsdbDatabase;

/** Write and read speed against OpenTSDB as the stored volume grows, block by block from an empty table. */
public class OpenTsdbVolume extends VolumeBenchmarkBase {
    @Override
    protected Database database() {
        return new OpenTsdbDatabase();
    }
}
