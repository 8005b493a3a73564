package org.tsdbbench.mysql.bench;

import org.tsdbbench.common.bench.VolumeBenchmarkBase;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.mysql.MySqlDatabase;

/** Write and read speed against MySQL as the stored volume grows, block by block from an empty table. */
public class MySqlVolume extends VolumeBenchmarkBase {
    @Override
    protected Database database() {
        return new MySqlDatabase();
    }
}
