package org.tsdbbench.tdengine.bench;

import org.tsdbbench.common.bench.VolumeBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.tdengine.TDengineDatabase;

/** Write and read speed against TDengine as the stored volume grows, block by block from an empty table. */
public class TDengineVolume extends VolumeBenchmarkBase {
    @Override
    protected Database database() {
        return new TDengineDatabase();
    }
}
